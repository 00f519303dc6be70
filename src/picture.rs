//! A diagram to hand out or project, as the file asks: the core's SVG as it is, or made a PNG
//! at a chosen width. The PNG is drawn by resvg (pure Rust, no system library) with Gamester's
//! own fonts, the window's EB Garamond, so it looks the same on every machine.

use std::sync::Arc;

/// EB Garamond (assets/fonts, SIL Open Font License), the window's and the diagrams' type.
pub const GARAMOND: &[u8] = include_bytes!("../assets/fonts/EBGaramond12-Regular.otf");
/// Its italic.
pub const GARAMOND_ITALIC: &[u8] = include_bytes!("../assets/fonts/EBGaramond12-Italic.otf");
/// Its lining figures alone, as its digits (the window's points' numbers).
pub const GARAMOND_FIGURES: &[u8] = include_bytes!("../assets/fonts/EBGaramond12-Figures.otf");

/// The narrowest PNG drawn, in pixels: narrower, the points' names cannot be read.
pub const MIN_WIDTH: u32 = 200;
/// The widest PNG drawn, in pixels: a poster; wider asks for hundreds of megabytes.
pub const MAX_WIDTH: u32 = 8000;

/// How a diagram is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    /// The SVG itself: sharp at any size, its words real text.
    Svg,
    /// A PNG this many pixels wide.
    Png(u32),
}

impl Picture {
    /// The widths the window offers: a page's column, a slide, a poster.
    pub const PNG_WIDTHS: [u32; 3] = [800, 1600, 3200];

    /// The file's extension.
    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            Picture::Svg => "svg",
            Picture::Png(_) => "png",
        }
    }

    /// In words: "SVG", "PNG, 1600 pixels wide".
    #[must_use]
    pub fn words(self) -> String {
        match self {
            Picture::Svg => "SVG".to_string(),
            Picture::Png(width) => format!("PNG, {width} pixels wide"),
        }
    }

    /// The file's bytes, from the diagram's SVG.
    pub fn bytes(self, svg: &str) -> Result<Vec<u8>, String> {
        match self {
            Picture::Svg => Ok(svg.as_bytes().to_vec()),
            Picture::Png(width) => png(svg, width),
        }
    }
}

/// `svg` drawn as a PNG `width` pixels wide (its height in proportion), or why not.
pub fn png(svg: &str, width: u32) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    if !(MIN_WIDTH..=MAX_WIDTH).contains(&width) {
        return Err(format!(
            "a PNG is drawn {MIN_WIDTH} to {MAX_WIDTH} pixels wide, not {width}"
        ));
    }
    let mut fonts = usvg::fontdb::Database::new();
    fonts.load_font_data(GARAMOND.to_vec());
    fonts.load_font_data(GARAMOND_ITALIC.to_vec());
    let options = usvg::Options {
        fontdb: Arc::new(fonts),
        font_family: "EB Garamond".to_string(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("the SVG: {e}"))?;
    let size = tree.size();
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).ceil().max(1.0) as u32;
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| format!("no room for a picture of {width} × {height} pixels"))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| format!("the PNG: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SQUARE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="100" height="50"><rect width="100" height="50" fill="#804020"/><text x="10" y="30" font-family="EB Garamond" font-size="20" fill="#ffffff">ace</text></svg>"##;

    /// The PNG's width, height and pixels (RGBA).
    fn decoded(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
    }

    #[test]
    fn a_png_is_drawn_at_the_width_asked_in_proportion_with_its_words_in_garamond() {
        let (w, h, pixels) = decoded(&png(SQUARE, 400).unwrap());
        assert_eq!((w, h), (400, 200));
        // The wood, and the word drawn on it in white: the font was found.
        assert_eq!(&pixels[..3], &[0x80, 0x40, 0x20]);
        assert!(pixels.chunks(4).any(|p| p[0] > 0xf0 && p[1] > 0xf0));
    }

    #[test]
    fn a_width_out_of_bounds_or_a_broken_svg_is_refused_with_the_reason() {
        assert!(png(SQUARE, 10).unwrap_err().contains("200 to 8000"));
        assert!(png(SQUARE, 100_000).is_err());
        assert!(png("<svg", 800).unwrap_err().starts_with("the SVG"));
        assert_eq!(Picture::Svg.bytes("<svg/>").unwrap(), b"<svg/>");
        assert_eq!(Picture::Png(1600).words(), "PNG, 1600 pixels wide");
    }
}
