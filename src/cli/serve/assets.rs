//! The playground's files, embedded in the binary (assets/playground/): the page works
//! offline, with no CDN and no build step.

/// The page's files: URL path, content, content type.
const FILES: [(&str, &[u8], &str); 5] = [
    (
        "/",
        include_bytes!("../../../assets/playground/index.html"),
        "text/html; charset=utf-8",
    ),
    (
        "/playground.js",
        include_bytes!("../../../assets/playground/playground.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "/tiled.js",
        include_bytes!("../../../assets/playground/tiled.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "/playground.css",
        include_bytes!("../../../assets/playground/playground.css"),
        "text/css; charset=utf-8",
    ),
    (
        "/favicon.svg",
        include_bytes!("../../../assets/playground/favicon.svg"),
        "image/svg+xml",
    ),
];

/// The file at `path` (`/index.html` is `/`) and its content type.
pub fn find(path: &str) -> Option<(&'static [u8], &'static str)> {
    let path = if path == "/index.html" { "/" } else { path };
    FILES
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|&(_, bytes, mime)| (bytes, mime))
}
