// The print button of the summary page (no inline handlers: the CSP allows none).
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});
