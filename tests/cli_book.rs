//! `mazegraph book`: puzzle books as PDF or SVG pages. The page read-back needs poppler-utils'
//! `pdftoppm` (a PDF rasteriser), and is skipped with a note when it is not installed.

mod common;
use common::{error, listing, mg, s};
use std::fs;
use std::process::Command;

fn pdftoppm() -> bool {
    Command::new("pdftoppm")
        .arg("-v")
        .output()
        .is_ok_and(|o| o.status.success() || !o.stderr.is_empty())
}

fn ok(args: &[&str]) {
    let out = mg().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The number of `/Type /Page` objects (not `/Pages`) in a PDF.
fn page_count(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.matches("/Type /Page\n").count()
}

#[test]
fn a_book_is_a_pdf_of_mazes_then_answers_with_its_font_embedded() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.pdf");
    ok(&[
        "book",
        "-o",
        s(&book),
        "--count",
        "5",
        "--per-page",
        "2",
        "--seed",
        "3",
        "--size",
        "6x8",
        "--title",
        "Test book",
    ]);
    let pdf = fs::read(&book).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    // Three pages of mazes (2, 2, 1) and one of answers (8 a page by default).
    assert_eq!(page_count(&pdf), 4);
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.contains("/FontFile2") && text.contains("+DejaVuSans"));
    // No picture inside: every page is vector drawing.
    assert!(!text.contains("/Image"));
    // The same seed, the same book.
    let again = dir.path().join("again.pdf");
    ok(&[
        "book",
        "-o",
        s(&again),
        "--count",
        "5",
        "--per-page",
        "2",
        "--seed",
        "3",
        "--size",
        "6x8",
        "--title",
        "Test book",
    ]);
    assert_eq!(fs::read(&again).unwrap(), pdf);
}

#[test]
fn to_says_the_format_when_the_extension_does_not() {
    let out = mg()
        .args([
            "book", "-o", "-", "--to", "pdf", "--count", "1", "--seed", "1",
        ])
        .output()
        .unwrap();
    assert!(out.status.success() && out.stdout.starts_with(b"%PDF-"));
    let dir = tempfile::tempdir().unwrap();
    ok(&[
        "book",
        "-o",
        s(&dir.path().join("pages")),
        "--to",
        "svg",
        "--count",
        "1",
        "-q",
    ]);
    assert_eq!(listing(dir.path()), ["pages-01.svg", "pages-02.svg"]);
}

#[test]
fn svg_pages_and_maze_files() {
    let dir = tempfile::tempdir().unwrap();
    let mazes = dir.path().join("mazes");
    ok(&[
        "book",
        "-o",
        s(&dir.path().join("b.svg")),
        "--count",
        "3",
        "--tiling",
        "sigma",
        "--size",
        "4",
        "--seed",
        "1",
        "--mazes",
        s(&mazes),
        "-q",
    ]);
    assert_eq!(
        listing(dir.path()),
        ["b-01.svg", "b-02.svg", "b-03.svg", "b-04.svg", "mazes"]
    );
    assert_eq!(
        listing(&mazes),
        ["maze-01.json", "maze-02.json", "maze-03.json"]
    );
    let page = fs::read_to_string(dir.path().join("b-01.svg")).unwrap();
    assert!(page.starts_with("<svg") && page.contains("#00aa00") && page.contains("#dc1e1e"));
    // The answers in the solution's blue, on the answer page only.
    assert!(!page.contains("#2171b5"));
    let answers = fs::read_to_string(dir.path().join("b-04.svg")).unwrap();
    assert!(answers.contains("#2171b5"));
    let json = fs::read_to_string(mazes.join("maze-01.json")).unwrap();
    assert!(json.contains("sigma"), "{json}");
}

#[test]
fn difficulties_split_the_book_in_runs() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b.svg");
    ok(&[
        "book",
        "-o",
        s(&out),
        "--count",
        "4",
        "--size",
        "8x8",
        "--seed",
        "5",
        "--difficulty",
        "easy",
        "--difficulty",
        "hard",
        "-q",
    ]);
    let first = fs::read_to_string(dir.path().join("b-01.svg")).unwrap();
    assert!(first.contains(">1 (easy)<"), "{first}");
    let third = fs::read_to_string(dir.path().join("b-03.svg")).unwrap();
    assert!(third.contains(">3 (hard)<"), "{third}");
    // The comma form is the same book.
    let other = dir.path().join("c.svg");
    ok(&[
        "book",
        "-o",
        s(&other),
        "--count",
        "4",
        "--size",
        "8x8",
        "--seed",
        "5",
        "--difficulty",
        "easy,hard",
        "-q",
    ]);
    assert_eq!(
        fs::read(dir.path().join("c-03.svg")).unwrap(),
        third.into_bytes()
    );
}

#[test]
fn a_printed_page_reads_back_as_its_maze() {
    if !pdftoppm() {
        println!("note: pdftoppm (poppler-utils) is not installed; skipping the read-back");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.pdf");
    let mazes = dir.path().join("mazes");
    ok(&[
        "book",
        "-o",
        s(&book),
        "--count",
        "3",
        "--size",
        "12x10",
        "--seed",
        "9",
        "--title",
        "Read me back",
        "--mazes",
        s(&mazes),
        "--paper",
        "letter",
    ]);
    // Page 2 at 150 dpi: the maze numbered 2.
    let prefix = dir.path().join("page");
    let status = Command::new("pdftoppm")
        .args(["-r", "150", "-f", "2", "-l", "2", "-png", "-singlefile"])
        .arg(&book)
        .arg(&prefix)
        .status()
        .unwrap();
    assert!(status.success());
    let png = dir.path().join("page.png");
    ok(&["equal", s(&png), s(&mazes.join("maze-02.json"))]);
    // And not as another maze of the book.
    let out = mg()
        .args(["equal", s(&png), s(&mazes.join("maze-01.json"))])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));

    // Four to a page: each maze reads back through --region (here the top-left quarter).
    let four = dir.path().join("four.pdf");
    let more = dir.path().join("more");
    ok(&[
        "book",
        "-o",
        s(&four),
        "--count",
        "4",
        "--per-page",
        "4",
        "--size",
        "8x8",
        "--seed",
        "2",
        "--mazes",
        s(&more),
    ]);
    let status = Command::new("pdftoppm")
        .args(["-r", "150", "-f", "1", "-l", "1", "-png", "-singlefile"])
        .arg(&four)
        .arg(dir.path().join("four"))
        .status()
        .unwrap();
    assert!(status.success());
    let png = dir.path().join("four.png");
    ok(&[
        "equal",
        "--region",
        "0,0,620,877",
        s(&png),
        s(&more.join("maze-01.json")),
    ]);
    // Without a region, the puzzles' page and the answers' page are refused naming all four
    // mazes, in reading order, and each region named reads back as its maze.
    let status = Command::new("pdftoppm")
        .args(["-r", "150", "-f", "2", "-l", "2", "-png", "-singlefile"])
        .arg(&four)
        .arg(dir.path().join("answers"))
        .status()
        .unwrap();
    assert!(status.success());
    for page in [png, dir.path().join("answers.png")] {
        let e = error(&["equal", s(&page), s(&more.join("maze-01.json"))]);
        assert!(e.contains("holds 4 mazes"), "{e}");
        let listed = e.split(" at ").nth(1).unwrap().split(';').next().unwrap();
        let regions: Vec<&str> = listed.split(", ").flat_map(|r| r.split(" and ")).collect();
        assert_eq!(regions.len(), 4, "{e}");
        for (i, region) in regions.iter().enumerate() {
            let maze = more.join(format!("maze-0{}.json", i + 1));
            ok(&["equal", "--region", region, s(&page), s(&maze)]);
        }
    }
}

#[test]
fn bad_books_are_refused_in_one_line_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b.pdf");
    let o = s(&out);
    // A million pages: over any memory budget a machine gives (said for one of 64 GiB).
    let e = error(&["book", "-o", o, "--count", "1000000", "--max-memory", "64G"]);
    assert!(e.contains("a book of 1000000 mazes needs about"), "{e}");
    let e = error(&["book", "-o", o, "--count", "50", "--max-memory", "1M"]);
    assert!(e.contains("memory budget"), "{e}");
    let e = error(&["book", "-o", o, "--count", "50", "--max-cells", "1000"]);
    assert!(e.contains("a book of 50 mazes"), "{e}");
    let e = error(&["book", "-o", s(&dir.path().join("b.png"))]);
    assert!(e.contains("FILE.pdf"), "{e}");
    let e = error(&["book", "-o", "-"]);
    assert!(e.contains("--to pdf"), "{e}");
    let e = error(&["book", "-o", "-", "--to", "svg"]);
    assert!(e.contains("-o FILE.svg"), "{e}");
    let e = error(&["book", "-o", o, "--size", "3x3x3"]);
    assert!(e.contains("2-D"), "{e}");
    let e = error(&["book", "-o", o, "--difficulty", "extreme"]);
    assert!(e.contains("easy, medium or hard"), "{e}");
    // A title the PDF's font cannot print (ü and — it can).
    let e = error(&["book", "-o", o, "--title", "Trial ünï — 迷路"]);
    assert!(e.contains("no glyph for: 路 (U+8DEF) 迷 (U+8FF7)"), "{e}");
    let e = error(&["book", "-o", o, "--per-page", "0"]);
    assert!(e.contains("--per-page"), "{e}");
    let e = error(&["book", "-o", o, "--paper", "a5"]);
    assert!(e.contains("a4 or letter"), "{e}");
    // Every maze of 1×1 rooms scores alike: none is easy.
    let e = error(&[
        "book",
        "-o",
        o,
        "--size",
        "1x1",
        "--difficulty",
        "easy",
        "--count",
        "2",
    ]);
    assert!(e.contains("no easy maze"), "{e}");
    let e = error(&["book", "-o", o, "--tiling", "sigma"]);
    assert!(e.contains("--size"), "{e}");
    let e = error(&["book", "-o", o, "--region", "0,0,5,5"]);
    assert!(e.contains("--region"), "{e}");
    assert!(listing(dir.path()).is_empty(), "{:?}", listing(dir.path()));
}

#[test]
fn a_failed_book_leaves_the_old_file_whole() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b.pdf");
    fs::write(&out, b"old").unwrap();
    let _ = error(&[
        "book",
        "-o",
        s(&out),
        "--size",
        "1x1",
        "--difficulty",
        "easy",
    ]);
    assert_eq!(fs::read(&out).unwrap(), b"old");
}
