// The hand form. Without this file the form still works (every field shown and sent); with it:
// - fields that do not apply are hidden AND disabled, so they are not sent: an element with
//   data-when="name:v1 v2" is shown only while the input `name` has one of those values
//   (data-when="name" alone: while it has any value; data-when='name:["v 1","v2"]': a JSON
//   list, for values with spaces such as players' names); data-after="name": while `name`
//   has any value (a contra under its tapped chip). The server leaves out the same fields
//   (scorebook/forms.py), so this only saves the player from seeing them;
// - a tapped chip can be untapped (tapping the selected radio clears it);
// - data-excludes="name …" on a group: choosing in it clears those other inputs (a partner
//   or a reason to play alone, never both);
// - data-implies="name …" on a group of chips: choosing in it chooses the same value in those
//   groups where nothing is chosen yet (a volát's side also took the trull and four kings; a
//   declarer is among the bidders);
// - data-rows-of="list" on a field: a chip per row of that list that holds something, named
//   by it (the declarations a penalty refunds), kept up to date as rows are tapped and added;
// - a button data-add="key" adds a row cloned from <template data-row="key"> (its `__i__`
//   replaced by the next free row number) with no round trip, keeping everything typed;
// - the field being filled in is kept clear of the sticky Save bar, whose height changes as
//   the one-line result beside Save is refreshed.
(() => {
  const form = document.getElementById("hand-form");
  if (!form) return;

  const valuesOf = (name) => {
    const out = [];
    for (const el of form.querySelectorAll("input, select")) {
      if (el.name !== name || el.disabled) continue;
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) continue;
      if (el.value !== "") out.push(el.value);
    }
    return out;
  };

  // `data-when` split into the watched input's name and the wanted values (null: any value).
  // A page saved before names lost their type markers names `all_pass:bool`: the longest
  // part before a colon that names an input of the form is the name.
  const ruleOf = (spec, names) => {
    if (names.has(spec)) return [spec, null];
    for (let colon = spec.lastIndexOf(":"); colon > 0; colon = spec.lastIndexOf(":", colon - 1)) {
      if (names.has(spec.slice(0, colon))) return [spec.slice(0, colon), spec.slice(colon + 1)];
    }
    const colon = spec.indexOf(":"); // an input this form lacks: the plain reading
    return colon < 0 ? [spec, null] : [spec.slice(0, colon), spec.slice(colon + 1)];
  };

  const applies = (el, names) => {
    if (el.dataset.after !== undefined && valuesOf(el.dataset.after).length === 0) return false;
    if (el.dataset.when === undefined) return true;
    const [name, rest] = ruleOf(el.dataset.when, names);
    const have = valuesOf(name);
    if (rest === null) return have.length > 0;
    const wanted = rest.startsWith("[") ? JSON.parse(rest) : rest.split(" ").filter(Boolean);
    return have.some((v) => wanted.includes(v));
  };

  const RULED = "[data-when], [data-after]";
  // The inputs a condition governs: inside a ruled element, or ruled themselves.
  const GOVERNED = ":is([data-when], [data-after]) :is(input, select, textarea), "
    + ":is(input, select, textarea):is([data-when], [data-after])";
  const refresh = () => {
    const names = new Set([...form.querySelectorAll("[name]")].map((el) => el.name));
    // Until nothing changes: a condition may name a field that the pass before has just
    // switched (all pass hides the game, which hides the called king, which hides the partner).
    for (let pass = 0, changed = true; changed && pass < 10; pass++) {
      changed = false;
      for (const el of form.querySelectorAll(RULED)) {
        const hidden = !applies(el, names);
        if (el.hidden !== hidden) changed = true;
        el.hidden = hidden;
      }
      for (const el of form.querySelectorAll(GOVERNED)) {
        el.disabled = el.closest("[data-when][hidden], [data-after][hidden]") !== null;
      }
    }
    rowChips();
  };

  // A field naming rows of another list (data-rows-of="declarations": the declarations a
  // penalty refunds) has a chip per row of it, shown once the row holds a choice and named
  // by what it holds ("Anna: trumps"); rows added since the page opened get theirs here.
  const rowChips = () => {
    for (const group of form.querySelectorAll("[data-rows-of]")) {
      const pattern = new RegExp(`^${group.dataset.rowsOf}\\[(\\d+)\\]\\.`);
      const boxes = new Map();
      for (const el of form.querySelectorAll("input")) {
        const row = (el.name.match(pattern) || [])[1];
        if (row !== undefined && !boxes.has(row) && el.closest(".rowbox")) boxes.set(row, el.closest(".rowbox"));
      }
      const chips = group.querySelector("fieldset");
      for (const [row, box] of boxes) {
        const who = [...box.querySelectorAll("input[type=hidden]")].map((i) => i.value).filter(Boolean);
        const words = [...box.querySelectorAll("input[type=radio]:checked:not(:disabled)")]
          .filter((i) => i.value !== "").map((i) => i.closest("label").textContent.trim());
        let input = [...chips.querySelectorAll("input")].find((i) => i.value === row);
        if (!input) {
          const chip = document.createElement("label");
          chip.className = "chip";
          chip.append(Object.assign(document.createElement("input"), { type: "checkbox", name: group.dataset.path, value: row }), document.createElement("span"));
          chips.append(chip);
          input = chip.querySelector("input");
        }
        const chip = input.closest("label");
        chip.hidden = input.disabled = words.length === 0;
        if (words.length === 0) input.checked = false;
        chip.querySelector("span").textContent = `${who.join(" ")}: ${words.join(" · ")}`;
      }
      group.hidden = ![...chips.querySelectorAll("label")].some((chip) => !chip.hidden);
    }
  };

  // Before htmx (listening on the form, bubbling) reads the values for the preview.
  form.addEventListener("change", (event) => {
    const input = event.target;
    const group = input.closest ? input.closest("[data-excludes]") : null;
    if (group && input.checked !== false && input.value !== "") {
      const names = group.dataset.excludes.split(" ");
      for (const other of form.querySelectorAll("input, select")) {
        if (!names.includes(other.name)) continue;
        if (other.type === "radio" || other.type === "checkbox") other.checked = false;
        else other.value = "";
      }
    }
    const implying = input.closest ? input.closest("[data-implies]") : null;
    if (implying && input.checked && input.value !== "") {
      for (const name of implying.dataset.implies.split(" ")) {
        const group = [...form.querySelectorAll("input[type=radio], input[type=checkbox]")].filter((r) => r.name === name);
        if (group.some((r) => r.checked)) continue;
        const same = group.find((r) => r.value === input.value);
        if (same) same.checked = true;
      }
    }
    refresh();
  }, true);

  // Tapping the chip that is already chosen clears it.
  let wasChecked = null;
  form.addEventListener("pointerdown", (event) => {
    const chip = event.target.closest(".chip");
    const radio = chip && chip.querySelector("input[type=radio]");
    wasChecked = radio && radio.checked ? radio : null;
  }, true);
  form.addEventListener("click", (event) => {
    const radio = event.target;
    if (radio !== wasChecked || radio.type !== "radio") return;
    wasChecked = null;
    setTimeout(() => {
      radio.checked = false;
      radio.dispatchEvent(new Event("change", { bubbles: true }));
    }, 0);
  });

  form.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-add]");
    if (!button) return;
    event.preventDefault();
    const key = button.dataset.add;
    const tpl = form.querySelector(`template[data-row="${key}"]`);
    const box = form.querySelector(`[data-rows="${key}"]`);
    if (!tpl || !box) return;
    const next = Number(box.dataset.next || "0");
    box.dataset.next = String(next + 1);
    const holder = document.createElement("div");
    holder.innerHTML = tpl.innerHTML.replaceAll("__i__", String(next));
    const added = [...holder.children];
    box.append(...added);
    refresh();
    const first = added[0] && added[0].querySelector("input, select");
    if (first) first.focus({ preventScroll: true });
  });

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

  // The payments shown are those of the form as it was when they were computed: from the
  // first change on they are marked out of date until the new ones arrive, and with no
  // connection the line says so instead of showing numbers of an older state of the form.
  const payments = () => [document.getElementById("preview-line"), document.getElementById("preview")].filter(Boolean);
  // No connection: the payments (of an older state of the form) give way to saying so.
  const offline = () => {
    for (const el of payments()) {
      if (el.classList.contains("offline")) continue;
      const note = document.createElement(el.id === "preview" ? "p" : "span");
      note.className = "muted";
      note.textContent = el.dataset.offline;
      el.classList.add("offline");
      el.classList.remove("ready");
      el.replaceChildren(...el.querySelectorAll(":scope > h2"), note);
    }
  };
  const paymentsOutOfDate = () => {
    if (!navigator.onLine) offline();
    else for (const el of payments()) el.classList.add("stale");
  };
  form.addEventListener("input", paymentsOutOfDate);
  form.addEventListener("change", paymentsOutOfDate);
  document.body.addEventListener("htmx:sendError", (event) => {
    if (event.detail.elt === form) offline();
  });
  window.addEventListener("offline", offline);
  window.addEventListener("online", () => htmx.trigger(form, "change"));  // the payments now

  // Another phone recorded the hand this form was opened for: the form moves on to the next
  // number (what was entered is kept; the dealer too, unless it was the one offered).
  document.body.addEventListener("night-changed", (event) => {
    const next = event.detail || {};
    const expected = form.querySelector("input[name=_expected_number]");
    if (!expected || !next.number || Number(expected.value) >= next.number) return;
    expected.value = String(next.number);
    const position = form.querySelector("input[name=_expected_position]");
    if (position && next.position !== undefined) position.value = String(next.position);
    const heading = document.getElementById("hand-heading");
    if (heading && heading.dataset.heading) {
      heading.textContent = heading.dataset.heading.replace("__n__", String(next.number));
    }
    const chosen = valuesOf("dealer")[0];
    if (next.dealer && (chosen === undefined || chosen === form.dataset.dealer)) {
      for (const el of form.querySelectorAll("[name=dealer]")) {
        if (el.tagName === "SELECT") el.value = next.dealer;
        else if (el.value === next.dealer) el.checked = true;
      }
      form.dataset.dealer = next.dealer;
    }
    const note = document.getElementById("live-note");
    if (note && next.message) {
      note.textContent = next.message;
      note.hidden = false;
    }
    refresh();
    htmx.trigger(form, "change");
  });

  // What the hand implies beyond what was tapped (the breakdown names it, saving stores it):
  // each value shown in its field, its chip outlined or its number as the placeholder.
  const showInferred = () => {
    for (const el of form.querySelectorAll(".inferred")) {
      el.classList.remove("inferred");
      if (el.dataset.placeholder !== undefined) el.placeholder = el.dataset.placeholder;
    }
    for (const note of document.querySelectorAll("#preview [data-inferred]")) {
      const path = CSS.escape(note.dataset.inferred);
      for (const input of form.querySelectorAll(`input[name="${path}"], input[name^="${path}:"]`)) {
        if (input.disabled) continue;
        if (input.type === "radio" || input.type === "checkbox") {
          const chip = input.closest(".chip");
          if (chip && input.value === note.dataset.value) chip.classList.add("inferred");
        } else if (input.value === "") {
          if (input.dataset.placeholder === undefined) input.dataset.placeholder = input.placeholder;
          input.placeholder = note.dataset.value;
          input.classList.add("inferred");
        }
      }
    }
  };
  document.addEventListener("htmx:afterSettle", showInferred);
  showInferred();

  // The one-line result beside Save unfolds the breakdown (its link then scrolls there).
  document.addEventListener("click", (event) => {
    const box = document.getElementById("preview-box");
    if (box && event.target.closest("#preview-line")) box.open = true;
  });
  refresh();
})();
