// Never lose a hand. On every page of a signed-in scorer:
// - Save on a hand form keeps the hand in the outbox (outbox-send.js, IndexedDB) before it is
//   sent; saved, it leaves the outbox; with no connection (or no answer) it stays, the night
//   page lists it as "not sent yet", and it is sent when the connection is back (the
//   `online` event, a retry that waits longer each time, Background Sync in the worker),
//   also after the tab was closed and the night opened again;
// - a kept hand that meets another phone's hand (a conflict) or a problem stays, shown with
//   what to do: save it as the next hand (one tap), open it to check, or discard it;
// - the service worker (sw.js) is registered, so the night page and its next hand's form open
//   without a connection; a form opened that way moves on past the hands kept before it;
// - logging out forgets this account's kept hands and pages (a shared phone).
(() => {
  const Outbox = self.ScorebookOutbox;
  const user = document.body.dataset.user;
  if (!Outbox || !user) return;
  const csrf = () => JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"];
  const PAGES = "scorebook-pages";

  const startApp = async () => {
    if (localStorage.getItem("scorebook-user") !== user) {
      // Another account was signed in here before: its kept pages are not this one's.
      if (self.caches) await caches.delete(PAGES);
      localStorage.setItem("scorebook-user", user);
    }
    await Outbox.signedIn(user);
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
    }
  };

  // --- saving a hand ------------------------------------------------------------------------
  const form = document.getElementById("hand-form");
  const nightOf = (f) => f.dataset.night;

  const summaryOf = (f) => {
    const line = document.getElementById("preview-line");
    if (line && line.classList.contains("ready") && !line.classList.contains("stale")) {
      return line.textContent.replace(/\s+/g, " ").trim();
    }
    const chosen = [...f.querySelectorAll("input:checked")].filter((i) => i.type !== "hidden");
    const words = chosen.map((i) => (i.closest("label") || i).textContent.replace(/\s+/g, " ").trim());
    const numbers = [...f.querySelectorAll("input[inputmode=numeric], input[type=number]")].filter((i) => i.value);
    return [...words, ...numbers.map((i) => i.value)].filter(Boolean).join(" · ").slice(0, 140);
  };

  const itemOf = (f, submitter) => ({
    key: f.querySelector("input[name=_key]").value,
    user,
    night: nightOf(f),
    kind: f.querySelector("input[name=_version]") ? "edit" : "new",
    action: f.action,
    preview: f.getAttribute("hx-post"),
    fields: [...new FormData(f, submitter)].filter(([name]) => name !== "csrfmiddlewaretoken"),
    summary: summaryOf(f),
    title: (document.getElementById("hand-heading") || {}).textContent || "",
    number: Number((f.querySelector("input[name=_expected_number]") || {}).value || 0),
    csrf: csrf(),
    created: Date.now(),
    status: "waiting",
  });

  const sendLater = async () => {
    if (!("serviceWorker" in navigator)) return;
    try {
      const registration = await navigator.serviceWorker.ready;
      if (registration.sync) await registration.sync.register("outbox");
    } catch (error) { /* no Background Sync here: the page sends when it is back */ }
  };

  const onSave = async (event) => {
    const submitter = event.submitter;
    if (submitter && submitter.hasAttribute("formaction")) return;  // Preview: an ordinary request
    event.preventDefault();
    const item = itemOf(form, submitter);
    await Outbox.keep(item);  // kept before it is sent: nothing typed is lost
    const answer = await Outbox.send(item, csrf(), { queued: false });
    if (answer === "offline") {
      await sendLater();
      keptNotice();
      return;
    }
    if (answer.status === "saved") {
      await Outbox.drop(item.key);
      location.assign(answer.redirect);
      return;
    }
    // A problem or a conflict: the server's own page says what to do, at the fields.
    await Outbox.drop(item.key);
    HTMLFormElement.prototype.submit.call(form);
  };

  // No connection: go to the night page (the worker keeps it), where the hand is listed;
  // without the worker, stay on the form and say where the hand is.
  const keptNotice = () => {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      location.assign(`/nights/${nightOf(form)}/`);
      return;
    }
    const note = document.getElementById("live-note");
    if (note) {
      note.textContent = form.dataset.kept || "";
      note.hidden = false;
    }
  };

  // A form opened from the kept copy may stand before hands kept since: it moves past them.
  const pastKeptHands = async () => {
    const expected = form.querySelector("input[name=_expected_number]");
    if (!expected) return;
    // A new key each time the form opens: a copy the worker kept (opened with no
    // connection) carries the key of the form it was copied from, maybe saved already.
    form.querySelector("input[name=_key]").value = crypto.randomUUID();
    const waiting = (await Outbox.all()).filter(
      (i) => i.user === user && i.night === nightOf(form) && i.kind === "new" && i.status === "waiting",
    );
    const last = waiting[waiting.length - 1];
    if (!last || last.number < Number(expected.value)) return;
    const next = { number: last.number + 1, position: Number(Outbox.field(last, "_expected_position") || 0) + 1 };
    const dealers = [...form.querySelectorAll("input[name=dealer], select[name=dealer] option")]
      .map((el) => el.value).filter(Boolean);
    const lastDealer = Outbox.field(last, "dealer");
    if (dealers.includes(lastDealer)) next.dealer = dealers[(dealers.indexOf(lastDealer) + 1) % dealers.length];
    document.body.dispatchEvent(new CustomEvent("night-changed", { detail: next }));
  };

  // --- the night page: what is not sent yet -------------------------------------------------
  const box = document.getElementById("outbox");

  const button = (text, action) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "small";
    b.textContent = text;
    b.addEventListener("click", action);
    return b;
  };

  // After a conflict the answer holds the night as it is now: the kept hand becomes the
  // next one (its number, its place after the rows now there, the dealer now due).
  const rebase = async (item) => {
    const now = item.answer || {};
    Outbox.setField(item, "_expected_number", now.number);
    Outbox.setField(item, "_expected_position", now.position);
    if (now.dealer && Outbox.field(item, "dealer") !== undefined) Outbox.setField(item, "dealer", now.dealer);
    if (now.new_key) {
      await Outbox.drop(item.key);
      item.key = crypto.randomUUID();
    }
    item.number = now.number;
    item.title = (box.dataset.hand || "").replace("__n__", now.number);
    item.status = "waiting";
    delete item.answer;
  };

  // Open a kept hand in its form (with the night as it is now, after a conflict).
  const openKept = async (item) => {
    if (item.status === "conflict" && item.kind === "new") {
      await rebase(item);
      await Outbox.keep(item);
    }
    const post = document.createElement("form");
    post.method = "post";
    post.action = item.preview;
    const fields = [...item.fields, ["csrfmiddlewaretoken", csrf()], ["_key", item.key]];
    for (const [name, value] of fields) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      post.append(input);
    }
    document.body.append(post);
    HTMLFormElement.prototype.submit.call(post);
  };

  const saveAsNext = async (item) => {
    await rebase(item);
    await Outbox.keep(item);
    await sendNow();
  };

  const render = async () => {
    if (!box) return;
    const mine = (await Outbox.all()).filter((i) => i.user === user && i.night === box.dataset.night);
    const list = box.querySelector("ul");
    list.replaceChildren();
    const t = box.dataset;
    for (const item of mine) {
      const li = document.createElement("li");
      li.className = `kept ${item.status}`;
      const what = document.createElement("p");
      what.textContent = `${item.title || ""} · ${item.summary || ""}`;
      const state = document.createElement("small");
      state.className = "muted";
      if (item.status === "waiting") state.textContent = t.waiting;
      else if (item.status === "conflict") state.textContent = item.answer.message;
      else state.textContent = (item.answer.problems || []).join("; ");
      li.append(what, state);
      if (item.status !== "waiting") {
        const actions = document.createElement("div");
        actions.className = "buttons";
        if (item.status === "conflict" && item.kind === "new") {
          actions.append(button(t.saveAs.replace("__n__", item.answer.number), () => saveAsNext(item)));
        }
        actions.append(button(t.open, () => openKept(item)));
        actions.append(button(t.discard, async () => { await Outbox.drop(item.key); render(); }));
        li.append(actions);
      }
      list.append(li);
    }
    box.hidden = mine.length === 0;
  };

  // The night page keeps the form for its next hand fresh in the worker's copy (the worker
  // keeps what it fetches), so a form opened with no connection is the next hand's.
  const keepNextForm = () => {
    if (box && navigator.onLine && navigator.serviceWorker && navigator.serviceWorker.controller) {
      fetch(`/nights/${box.dataset.night}/hands/new/`, { credentials: "same-origin" }).catch(() => {});
    }
  };
  document.body.addEventListener("night-changed", keepNextForm);

  // --- sending ------------------------------------------------------------------------------
  let wait = 2000;
  let timer = null;
  const sendNow = async () => {
    clearTimeout(timer);
    const result = await Outbox.flush(user, csrf());
    await render();
    if (result.sent && self.htmx) htmx.trigger(document.body, "night-changed", {});
    const left = (await Outbox.all()).some((i) => i.user === user && i.status === "waiting");
    if (left && (result.offline || result.retry)) {
      timer = setTimeout(sendNow, wait);
      wait = Math.min(wait * 2, 60000);
    } else {
      wait = 2000;
    }
  };
  window.addEventListener("online", () => { wait = 2000; sendNow(); });
  // The worker sent the outbox in the background (Background Sync): show what is left.
  if (navigator.serviceWorker) {
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data === "outbox-changed") render();
    });
  }

  // --- logging out --------------------------------------------------------------------------
  for (const logout of document.querySelectorAll("form[data-logout]")) {
    logout.addEventListener("submit", async (event) => {
      event.preventDefault();
      const unsent = (await Outbox.all()).filter((i) => i.user === user).length;
      if (unsent && !confirm(logout.dataset.unsent.replace("__n__", unsent))) return;
      await Outbox.forget(user);
      if (self.caches) await caches.delete(PAGES);
      localStorage.removeItem("scorebook-user");
      HTMLFormElement.prototype.submit.call(logout);
    });
  }

  startApp().then(async () => {
    if (form) {
      form.addEventListener("submit", onSave);
      await pastKeptHands();
    }
    await sendNow();
    keepNextForm();
  });
})();
