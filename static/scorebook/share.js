// The share page's "Copy link" button (no inline handlers: the CSP allows none).
// The Clipboard API needs a secure page (HTTPS or localhost); elsewhere, or when the browser
// refuses, the link is selected so the phone's own Copy takes it.
document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-copy]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  const status = document.getElementById("copy-status");
  const say = (text) => { if (status) status.textContent = text; };
  try {
    await navigator.clipboard.writeText(field.value);
    say(button.dataset.copied);
  } catch {
    field.focus();
    field.select();
    field.setSelectionRange(0, field.value.length);
    say(button.dataset.selected);
  }
});
