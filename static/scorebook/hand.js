// The hand form: keep the field being filled in clear of the sticky Save bar, whose height
// changes as the one-line result beside Save is refreshed (CSS scroll-padding only helps
// when the browser itself scrolls a field into view).
(() => {
  const keepClear = () => {
    const bar = document.querySelector(".form-actions");
    const field = document.activeElement;
    if (!bar || !field || !field.closest("#hand-form") || field.closest(".form-actions")) return;
    const hidden = field.getBoundingClientRect().bottom + 8 - bar.getBoundingClientRect().top;
    if (hidden > 0) window.scrollBy(0, hidden);
  };
  document.addEventListener("focusin", keepClear);
  document.addEventListener("input", keepClear);
  document.addEventListener("htmx:afterSettle", keepClear);
})();
