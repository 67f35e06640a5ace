// Seeded tag soup for the reader's tests: documents built from the pieces that make HTML parsing
// hard — nested tables and misplaced content in them, templates, SVG and MathML with their
// integration points and CDATA, misnested formatting elements, select, frameset, raw text and
// script escapes, comments, character references, CR LF and U+0000.

export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const PIECES = [
  // Document structure.
  '<!doctype html>', '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">', '<html>', '</html>', '<head>', '</head>', '<body>', '</body>',
  // Head tags.
  '<meta name=robots content=noindex>', '<meta name="googlebot" content="nofollow">', '<meta name=googlebot-news content=nosnippet>',
  '<link rel=canonical href=/c>', '<link rel="alternate" hreflang=de href="/de">', '<base href=/b/>', '<meta http-equiv=refresh content="0;url=/r">',
  '<title>T &amp; t</title>', '<title>', '</title>', '<meta name=description content="d &amp; e">',
  // Blocks and headings.
  '<h1>', '</h1>', '<h2>', '</h2>', '<h3>', '</h3>', '<p>', '</p>', '<div>', '</div>', '<section>', '</section>', '<ul>', '<li>', '</li>', '</ul>',
  '<dl><dt>t<dd>d', '</dl>', '<pre>', '</pre>', '<listing>\n', '</listing>', '<hr>', '<br>', '</br>', '</p>',
  // Formatting (misnested on purpose).
  '<b>', '</b>', '<i>', '</i>', '<a href=/x>', '<a href="/y">', '</a>', '<font color=red>', '</font>', '<nobr>', '</nobr>', '<em>', '</em>', '<big>', '</big>', '<span>', '</span>',
  // Tables.
  '<table>', '</table>', '<tr>', '</tr>', '<td>', '</td>', '<th>', '<tbody>', '</tbody>', '<caption>', '</caption>', '<colgroup><col>', '<input type=hidden>', '<input>',
  '<table><tr><td>', '</td></tr></table>', '<form>', '</form>',
  // Templates.
  '<template>', '</template>',
  // Foreign content.
  '<svg>', '</svg>', '<svg viewBox="0 0 1 1">', '<math>', '</math>', '<mi>', '</mi>', '<mtext>', '<annotation-xml encoding="text/html">', '</annotation-xml>',
  '<foreignObject>', '</foreignObject>', '<desc>', '</desc>', '<g>', '</g>', '<path/>', '<circle>', '<![CDATA[ x < y ]]>', '<![CDATA[', ']]>',
  // Select.
  '<select>', '</select>', '<option>o', '<optgroup>', '</option>',
  // Raw text and scripts.
  '<script>var a = 1 < 2;</script>', '<script><!-- a --></script>', '<script><!--<script>x</script>y--></script>', '<script>', '</script>',
  '<style>a>b{}</style>', '<textarea>\nta &amp; b</textarea>', '<noscript><p>n</p></noscript>', '<xmp><b></xmp>', '<iframe><p></iframe>', '<noframes>f</noframes>',
  '<script type="application/ld+json">{"@type":"Product"}</script>', '<plaintext>',
  // Frames.
  '<frameset>', '</frameset>', '<frame>',
  // Comments and oddities.
  '<!--c-->', '<!-->', '<!--->', '<!-- a -- b --!>', '<?php x ?>', '</ 3>', '<!bogus>', '< p>', '<>', '</>', '<a/b>',
  // Text.
  'word', ' ', '  ', '\n', '\r\n', '\r', '\t', 'x y', '&nbsp;', '&copy', '&notit;', '&amp;', '&#x41;', '&#65', '&#0;', '&#x110000;', '&#128;', '&', '&#', '&ampx',
  // A U+0000 never right after another: parse5 8.1.1 makes two in a row in SVG or MathML one U+FFFD
  // (the standard, and browsers, make one each; the reader follows the standard).
  'a\0', '€', '😀', 'Ω', 'é', '<h1>Title &amp; more</h1>', '<p>para <b>bold</b> text</p>',
];

/** A random document of `n` pieces (with a random doctype). */
export function soup(r: () => number, n = 5 + Math.floor(r() * 40)): string {
  let html = r() < 0.5 ? '<!doctype html>' : '';
  for (let i = 0; i < n; i++) html += PIECES[Math.floor(r() * PIECES.length)];
  return html;
}
