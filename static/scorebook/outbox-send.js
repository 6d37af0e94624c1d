// The outbox: hands saved on this phone and not yet acknowledged by the server, kept in
// IndexedDB (idb-keyval) until they are. Shared by the page (outbox.js) and the service
// worker (sw.js), which both send it. Each hand keeps the write key its form was rendered
// with, and the server answers a repeated key with the first outcome, so a hand sent twice
// (by the page and the worker at once, or again after a lost answer) is saved once.
//
// An item: {key, user, night, kind: "new" | "edit", action, preview, fields: [[name, value]],
// summary, number, csrf, created, status: "waiting" | "conflict" | "invalid", answer}.
self.ScorebookOutbox = (() => {
  const hands = idbKeyval.createStore("scorebook-outbox", "hands");
  const meta = idbKeyval.createStore("scorebook-outbox-meta", "meta");

  const all = async () => (await idbKeyval.values(hands)).sort((a, b) => a.created - b.created);
  const keep = (item) => idbKeyval.set(item.key, item, hands);
  const drop = (key) => idbKeyval.del(key, hands);
  const get = (key) => idbKeyval.get(key, hands);

  // Who is signed in on this phone: the worker sends only that account's hands.
  const signedIn = (user) => idbKeyval.set("user", user || null, meta);

  // Logging out forgets the account's kept hands.
  const forget = async (user) => {
    for (const item of await all()) if (item.user === user) await drop(item.key);
    await signedIn(null);
  };

  const field = (item, name) => (item.fields.find(([n]) => n === name) || [])[1];
  const setField = (item, name, value) => {
    item.fields = item.fields.filter(([n]) => n !== name);
    if (value !== undefined && value !== null) item.fields.push([name, String(value)]);
  };

  // One hand to the server: its answer ({status: "saved" | "conflict" | "invalid", …}),
  // "offline" when the request did not get through, or {status: "retry"} (logged out, a
  // server error: the hand stays and is tried again later).
  // `queued: false` for the Save just tapped: the night page then says "Hand 12 saved".
  async function send(item, csrf, { queued = true } = {}) {
    const body = new URLSearchParams(item.fields);
    body.set("_key", item.key);
    if (queued) body.set("_queued", "1");
    let response;
    try {
      response = await fetch(item.action, {
        method: "POST",
        body,
        credentials: "same-origin",
        redirect: "manual",
        headers: { Accept: "application/json", "X-CSRFToken": csrf || item.csrf },
      });
    } catch (error) {
      return "offline";
    }
    if (![200, 409, 422].includes(response.status)) return { status: "retry" };
    try {
      return await response.json();
    } catch (error) {
      return { status: "retry" };
    }
  }

  // Send every waiting hand of `user`, oldest first. Within a night the hands keep their
  // order: each new hand is sent as the one after the hand saved just before it, and a hand
  // that meets a conflict stops its night until the scorer has decided (outbox.js).
  async function flush(user, csrf) {
    const stopped = new Set();
    const placed = new Map();
    let sent = 0;
    for (const item of await all()) {
      if (item.user !== user || stopped.has(item.night)) continue;
      if (item.status !== "waiting") {
        stopped.add(item.night);
        continue;
      }
      const before = placed.get(item.night);
      if (before && item.kind === "new") {
        setField(item, "_expected_number", before.number + 1);
        setField(item, "_expected_position", before.position + 1);
      }
      const answer = await send(item, csrf);
      if (answer === "offline") return { sent, offline: true };
      if (answer.status === "saved") {
        await drop(item.key);
        placed.set(item.night, answer);
        sent += 1;
      } else if (answer.status === "conflict" || answer.status === "invalid") {
        stopped.add(item.night);
        if (!(await get(item.key))) continue;  // discarded or forgotten meanwhile: stays gone
        item.status = answer.status;
        item.answer = answer;
        await keep(item);
      } else {
        return { sent, retry: true };
      }
    }
    return { sent };
  }

  const signedInUser = () => idbKeyval.get("user", meta);

  async function flushForSignedIn() {
    const user = await signedInUser();
    if (user) await flush(user, null);
  }

  return {
    all, keep, drop, get, signedIn, signedInUser, forget, field, setField, send, flush, flushForSignedIn,
  };
})();
