//! Animated maze pictures (GIF, APNG) on the command line: frames all alike are one picture;
//! frames that differ are refused with one line, unless `--frame` chooses one.

mod common;

use common::{error, mg, s};
use mazegraph::picture::Raster;
use mazegraph::Maze;
use std::path::Path;

const ROWS: [&str; 9] = [
    "#.#########",
    "#.....#...#",
    "#.###.#.#.#",
    "#...#...#.#",
    "###.#####.#",
    "#.......#.#",
    "#.#####.#.#",
    "#.....#...#",
    "#########.#",
];

/// The maze drawn with 2-pixel black walls, 10-pixel passages and a 6-pixel white margin, as
/// RGBA; and a blank frame of the same size.
fn frames() -> (image::RgbaImage, image::RgbaImage) {
    let maze = Maze::from_text_rows(&ROWS).unwrap();
    let r = Raster::line_maze(&maze, 2, 10, 6, [[0; 3], [255; 3], [255; 3]]).unwrap();
    let (w, h) = (r.width as u32, r.height as u32);
    let rgba: Vec<u8> = r
        .rgb
        .chunks_exact(3)
        .flat_map(|p| [p[0], p[1], p[2], 255])
        .collect();
    (
        image::RgbaImage::from_raw(w, h, rgba).unwrap(),
        image::RgbaImage::from_pixel(w, h, image::Rgba([255; 4])),
    )
}

fn gif(path: &Path, frames: &[&image::RgbaImage]) {
    let file = std::fs::File::create(path).unwrap();
    let mut enc = image::codecs::gif::GifEncoder::new(file);
    enc.encode_frames(frames.iter().map(|f| image::Frame::new((*f).clone())))
        .unwrap();
}

fn apng(path: &Path, frames: &[&image::RgbaImage]) {
    let (w, h) = frames[0].dimensions();
    let file = std::fs::File::create(path).unwrap();
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), w, h);
    enc.set_color(png::ColorType::Rgba);
    enc.set_animated(frames.len() as u32, 0).unwrap();
    let mut writer = enc.write_header().unwrap();
    for f in frames {
        writer.write_image_data(f.as_raw()).unwrap();
    }
    writer.finish().unwrap();
}

/// The maze read back from `pic` with `args`, and the run's stderr.
fn read(pic: &Path, args: &[&str]) -> (String, String) {
    let dir = pic.parent().unwrap();
    let out = dir.join("read.txt");
    let run = mg()
        .args(["convert", s(pic), "--to", "txt", "-o", s(&out)])
        .args(args)
        .output()
        .unwrap();
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(run.status.success(), "{err}");
    (std::fs::read_to_string(&out).unwrap(), err)
}

fn text() -> String {
    ROWS.iter().map(|r| format!("{r}\n")).collect()
}

#[test]
fn an_animation_of_frames_alike_is_read_as_one_picture() {
    let dir = tempfile::tempdir().unwrap();
    let (maze, _) = frames();
    let pic = dir.path().join("still.gif");
    gif(&pic, &[&maze, &maze, &maze]);
    let (txt, err) = read(&pic, &[]);
    assert_eq!(txt, text());
    assert!(!err.contains("frame"), "{err}");
}

#[test]
fn an_animation_whose_frames_differ_is_refused_unless_a_frame_is_chosen() {
    let dir = tempfile::tempdir().unwrap();
    let (maze, blank) = frames();
    for (name, write) in [
        ("grow.gif", gif as fn(&Path, &[&image::RgbaImage])),
        ("grow.png", apng),
    ] {
        let pic = dir.path().join(name);
        // A maze drawn step by step: a blank page, then the maze.
        write(&pic, &[&blank, &blank, &maze]);
        let out = dir.path().join("out.txt");
        let e = error(&["convert", s(&pic), "--to", "txt", "-o", s(&out)]);
        assert!(
            e.contains("an animation of 3 frames that differ")
                && e.contains("--frame N (1 to 3) or --frame last"),
            "{e}"
        );
        assert!(!out.exists());
        // The frame chosen is read, and said.
        let (txt, err) = read(&pic, &["--frame", "last"]);
        assert_eq!(txt, text(), "{name}");
        assert!(err.contains("frame 3 of 3"), "{err}");
        let (txt, _) = read(&pic, &["--frame", "3"]);
        assert_eq!(txt, text(), "{name}");
        // A blank frame is no maze; a frame past the last is none.
        let e = error(&[
            "convert",
            s(&pic),
            "--to",
            "txt",
            "-o",
            s(&out),
            "--frame",
            "1",
        ]);
        assert!(e.contains("no maze lattice fits"), "{e}");
        let e = error(&[
            "convert",
            s(&pic),
            "--to",
            "txt",
            "-o",
            s(&out),
            "--frame",
            "4",
        ]);
        assert!(e.contains("--frame 4: the animation has 3 frames"), "{e}");
    }
    // The solution is drawn on the frame read.
    let pic = dir.path().join("grow.gif");
    let solved = dir.path().join("solved.png");
    mg().args(["solve", s(&pic), "--frame", "last", "-o", s(&solved)])
        .assert()
        .success();
    let img = image::open(&solved).unwrap().to_rgb8();
    assert_eq!(img.dimensions(), maze.dimensions());
    // The maze's wall ink, not the blank first frame's white, lies under the frame's corner.
    assert_eq!(img.get_pixel(6, 6).0, [0, 0, 0]);
}

#[test]
fn a_still_picture_has_one_frame_and_other_commands_take_none() {
    let dir = tempfile::tempdir().unwrap();
    let (maze, _) = frames();
    let pic = dir.path().join("still.png");
    maze.save(&pic).unwrap();
    let (txt, _) = read(&pic, &["--frame", "last"]);
    assert_eq!(txt, text());
    let out = dir.path().join("out.txt");
    let e = error(&[
        "convert",
        s(&pic),
        "--to",
        "txt",
        "-o",
        s(&out),
        "--frame",
        "2",
    ]);
    assert!(e.contains("--frame 2: the picture has one frame"), "{e}");
    let e = error(&["generate", "--size", "3x3", "--frame", "2"]);
    assert!(e.contains("--frame means nothing here"), "{e}");
}
