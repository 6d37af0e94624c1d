"""What a person sees as broken on a page, measured in the browser: two pieces of text (or a
text and a control) drawn over each other, and a control that wrapped away from the row it
acts on (a list item's or table row's button on a line below its text).

The page is measured at full height (the viewport as tall as the page), so sticky bars sit
where they stand in the flow; fixed overlays (a flash) are left out."""

OVERLAPS_JS = r"""
() => {
  const shown = el => {
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden' || s.position === 'fixed') return false;
      if (s.clipPath !== 'none' && s.clipPath !== '') return false;  // read to screen readers only
      if (e.getAttribute('aria-hidden') === 'true' || e.hasAttribute('hidden')) return false;
      const folded = e.parentElement && e.parentElement.matches('details:not([open])');
      if (folded && e.tagName !== 'SUMMARY') return false;  // inside a shut <details>
    }
    return true;
  };
  // What an ancestor with overflow other than visible cuts away is not seen.
  const clip = (el, r) => {
    let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom];
    for (let e = el.parentElement; e; e = e.parentElement) {
      if (getComputedStyle(e).overflow === 'visible') continue;
      const c = e.getBoundingClientRect();
      l = Math.max(l, c.left); t = Math.max(t, c.top); rt = Math.min(rt, c.right); b = Math.min(b, c.bottom);
    }
    return rt - l > 1 && b - t > 1 ? {l, t, r: rt, b} : null;
  };
  const CONTROL = 'button, a.button, select, textarea, input:not([type=hidden]), label.chip';
  const owner = el => el.closest('label.chip') || el.closest(CONTROL) || el;
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '');
  const boxes = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.data.trim() || !shown(n.parentElement)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const rect of range.getClientRects()) {
      const box = clip(n.parentElement, rect);
      if (box) boxes.push({box, node: n, own: owner(n.parentElement), what: n.data.trim().slice(0, 30)});
    }
  }
  for (const el of document.querySelectorAll(CONTROL)) {
    if (el.matches('label.chip input') || !shown(el)) continue;
    const target = el.matches('label.chip') ? (el.querySelector('span') || el) : el;
    const box = clip(el, target.getBoundingClientRect());
    if (box) boxes.push({box, node: el, own: el, what: '[' + name(el) + ']'});
  }
  const found = [];
  // A text under another box (a cell's background, a button) is hidden where it is covered:
  // the topmost element at its two ends must be its own.
  for (const {box, node, own, what} of boxes) {
    if (!(node instanceof Text)) continue;
    const y = (box.t + box.b) / 2;
    for (const x of [box.l + 2, box.r - 2]) {
      const hit = document.elementFromPoint(x, y);
      const el = node.parentElement;
      if (!hit || el.contains(hit) || hit.contains(el) || owner(hit) === own) continue;
      found.push(`"${what}" is covered by ${name(hit)}`);
    }
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.own === b.own || a.own.contains(b.own) || b.own.contains(a.own)) continue;
      const w = Math.min(a.box.r, b.box.r) - Math.max(a.box.l, b.box.l);
      const h = Math.min(a.box.b, b.box.b) - Math.max(a.box.t, b.box.t);
      if (w > 2 && h > 2) found.push(`"${a.what}" overlaps "${b.what}"`);
    }
  }
  return [...new Set(found)];
}
"""

# A control in a list item or table row is on the same line as the row's first text: a
# "Mark paid" that wrapped under its transfer, or a Restore pushed below its hand, is not.
WRAPPED_JS = r"""
() => {
  const found = [];
  const CONTROL = 'button:not([hidden]), a.button';
  for (const row of document.querySelectorAll('li, tr')) {
    const controls = [...row.querySelectorAll(CONTROL)].filter(c => c.closest('li, tr') === row && c.getClientRects().length);
    if (!controls.length) continue;
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    const lines = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.data.trim() || n.parentElement.closest(CONTROL)) continue;
      const range = document.createRange(); range.selectNodeContents(n);
      lines.push(...[...range.getClientRects()].filter(r => r.width > 0));
    }
    if (!lines.length) continue;
    for (const c of controls) {
      const r = c.getBoundingClientRect();
      const beside = lines.some(l => l.bottom > r.top + 1 && l.top < r.bottom - 1);
      if (!beside && r.top >= lines[0].bottom - 1) found.push(`"${c.textContent.trim()}" wrapped below "${row.textContent.trim().slice(0, 40)}"`);
    }
  }
  return found;
}
"""


def problems(page):
    """The overlaps and wrapped controls on the page as it stands, measured at full height."""
    width = page.viewport_size["width"]
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": width, "height": height})
    try:
        return page.evaluate(OVERLAPS_JS) + page.evaluate(WRAPPED_JS)
    finally:
        page.set_viewport_size({"width": width, "height": 844})
