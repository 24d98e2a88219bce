"use strict";
(() => {
  const page = document.body.dataset;
  const rows = document.getElementById("rows");
  if (!rows) return;
  document.documentElement.classList.add("js");
  // The link's secret leaves the address bar (screenshots, history, shared tabs). This
  // browser keeps it for this origin only (an origin includes the port; a cookie would go to
  // every port of the host): this tab's storage, so a reload reopens this tab's link, and the
  // shared one, so a bookmark or a home-screen icon of the clean address opens the list. The
  // page's own requests go to /state, /toggle, … with it in a header; the link itself still
  // opens the page.
  const linkKey = "checklist-link";
  const inPath = /^\/([0-9a-f]{32})(\/|$)/.exec(location.pathname);
  function keptLink(store) { try { return window[store].getItem(linkKey); } catch (error) { return null; } }
  const secret = inPath ? inPath[1] : keptLink("sessionStorage") || keptLink("localStorage") || "";
  if (inPath) {
    for (const store of ["sessionStorage", "localStorage"]) {
      try { window[store].setItem(linkKey, secret); } catch (error) { /* refused: the link keeps working */ }
    }
    history.replaceState(history.state, "", "/" + location.search + location.hash);
  }
  // A request of the page's own, with the link's secret in its header.
  function send(url, init) {
    const options = Object.assign({}, init);
    options.headers = Object.assign({ "X-Checklist-Link": secret }, options.headers);
    return fetch(url, options);
  }
  // The list is followed by its identity: renamed elsewhere, the page takes the new
  // name; deleted, it says so, and nothing it sends recreates it.
  let list = page.list, gone = false;
  const listId = page.listId, editing = page.editing === "true", partial = page.partial === "true";
  const kind = page.mode === "single" ? "radio" : "checkbox";
  // Marks count within one server process (`epoch`); `seen` is the server's time of the
  // newest state this page has had: a tap is never stamped before it.
  let mark = Number(page.mark), epoch = page.epoch, seen = page.time;

  // Taps are kept on the phone (localStorage, so a reload keeps them) until the server has
  // them, and sent in the order they were made, each with its time: made while the server
  // cannot be reached, they go when it is back, and merge by the offline copies' rules (a
  // later change made elsewhere wins, and the page says which taps lost).
  // Kept per list and per person (two people's links open in one browser keep their own).
  const storage = (() => { try { return window.localStorage; } catch (error) { return null; } })();
  const keyed = (listId || list) + ":" + (page.person || "");
  const queueKey = "checklist-taps:" + keyed, stateKey = "checklist-state:" + keyed;
  // The server's clock less the phone's, as last measured (a tap's time is the phone's set
  // right by it, so the same tap sent again has the same time).
  const offsetKey = "checklist-clock-offset";
  function readStored(key, fallback) {
    try { const value = JSON.parse(storage && storage.getItem(key)); return value === null ? fallback : value; }
    catch (error) { return fallback; }
  }
  function writeStored(key, value) {
    try { if (!storage) return; if (value === null) storage.removeItem(key); else storage.setItem(key, JSON.stringify(value)); }
    catch (error) { /* full or refused: the taps stay in this page */ }
  }
  // The taps not sent yet, each {key, id, to, at, seen, title}. Read again before each change
  // of it (another tab of the list keeps the same queue), and written back at once.
  let queue = [];
  function loadQueue() {
    if (!storage) return;
    const kept = readStored(queueKey, []);
    queue = (Array.isArray(kept) ? kept : []).filter(tap => tap && typeof tap.key === "string"
      && /^[0-9]+$/.test(String(tap.id)) && (tap.to === "checked" || tap.to === "unchecked")
      && typeof tap.at === "string");
  }
  function saveQueue() { writeStored(queueKey, queue.length ? queue : null); }
  loadQueue();
  let offset = Number(readStored(offsetKey, 0)) || 0;
  // The last state this phone saw of the list, kept for a page opened with no connection.
  const kept = readStored(stateKey, null);
  // A row's newest tap the server does not have yet, if any.
  function queued(id) {
    for (let i = queue.length - 1; i >= 0; i--) if (String(queue[i].id) === id) return queue[i];
    return null;
  }
  // What the server last said is stored, row by row: a row shows its newest unsent tap, else that.
  const boxes = () => rows.querySelectorAll("input[name=checked]");
  const stored = new Map([...boxes()].map(input => [input.value, input.checked]));
  function restore() {
    for (const input of boxes()) {
      const tap = queued(input.value);
      if (tap) input.checked = tap.to === "checked";
      else if (stored.has(input.value)) input.checked = stored.get(input.value);
      input.closest("li").classList.toggle("unsent", tap !== null && away);
    }
    showCount();
    updateToolbar();
  }
  // The server's count of checked items, as it last said; the page shows it with the taps
  // not sent yet counted in, so the count agrees with the boxes (issue 48, 13).
  let serverChecked = Number(document.getElementById("checked-count").textContent) || 0;
  function showCount() {
    const newest = new Map();
    for (const tap of queue) newest.set(String(tap.id), tap.to === "checked");
    let checked = serverChecked;
    for (const [id, to] of newest) if (stored.has(id) && stored.get(id) !== to) checked += to ? 1 : -1;
    setText(document.getElementById("checked-count"), Math.max(0, checked));
  }
  const status = document.getElementById("status");
  const pendingLine = document.getElementById("pending");
  const lostList = document.getElementById("lost");
  // Whether the server could not be reached at the last try.
  let away = false;
  function showPending() {
    const count = queue.length;
    pendingLine.textContent = count && away ? count + (count === 1 ? " tap" : " taps")
      + " not sent yet: kept on this phone, and sent when the server is back." : "";
  }

  async function post(action, fields) {
    const body = new URLSearchParams(fields);
    body.set("list", list);
    // Whose link this page was opened with: the server refuses a change made with someone
    // else's (issue 48, 5).
    body.set("person", document.body.dataset.person || "");
    if (listId) body.set("listid", listId);
    const response = await send(action, { method: "POST", body,
      headers: { "Accept": "application/json" } });
    if (isLinkReplaced(response)) { linkReplaced(); throw new Error("the link was replaced"); }
    const data = await response.json().catch(() => null);
    if (response.status === 410) showGone(data);
    if (!response.ok) {
      const failure = new Error((data && data.error) || "the server answered " + response.status);
      failure.status = response.status;
      throw failure;
    }
    return data;
  }

  function note(li, text) { const n = li.querySelector(".note"); if (n) n.textContent = text; }
  // What a person is told, in words of the page: never a path or a driver's text.
  const unreachable = "The server cannot be reached: taps are kept on this phone until it is back. Reconnecting…";
  const unavailable = "The list is busy or cannot be reached: taps are kept on this phone until it can be. Trying again…";
  function reason(error) {
    // fetch's own failure (no answer at all) is a TypeError with the browser's words.
    return error instanceof TypeError ? "the server cannot be reached; try again" : error.message;
  }

  function makeRow(row) {
    const li = document.createElement("li");
    li.dataset.id = row.id;
    const input = document.createElement("input");
    input.type = kind; input.id = "item-" + row.id; input.name = "checked"; input.value = row.id;
    const label = document.createElement("label");
    label.htmlFor = input.id;
    // A title is isolated from its row (a U+202E in it reorders nothing outside it).
    label.append(document.createElement("bdi"));
    const noteSpan = document.createElement("span");
    noteSpan.className = "note"; noteSpan.setAttribute("role", "alert");
    li.append(input, label);
    if (editing) li.append(makeTools(row.id));
    li.append(noteSpan);
    return li;
  }

  // Edit mode's controls on a row, as the server writes them: up, down and Rename.
  function makeTools(id) {
    const tools = document.createElement("span");
    tools.className = "tools";
    for (const [word, symbol] of [["up", "↑"], ["down", "↓"]]) {
      const button = document.createElement("button");
      button.type = "submit"; button.name = "move"; button.className = word;
      button.setAttribute("form", "move-form"); button.setAttribute("aria-label", "Move " + word);
      button.textContent = symbol;
      tools.append(button);
    }
    const rename = document.createElement("a");
    rename.className = "button rename"; rename.textContent = "✎";
    rename.setAttribute("aria-label", "Rename"); rename.title = "Rename";
    rename.href = pageURL(true) + "&rename=" + id;
    tools.append(rename);
    return tools;
  }

  // Up goes before the row above, down after the row below, as the page shows them; with
  // the script, each row also has its handle for dragging (see the drag below).
  function updateTools() {
    for (const li of rows.children) {
      const tools = li.querySelector(".tools");
      if (tools && !tools.querySelector(".handle")) {
        const handle = document.createElement("span");
        handle.className = "handle"; handle.textContent = "≡"; handle.title = "Drag to move";
        handle.setAttribute("aria-hidden", "true");
        tools.append(handle);
      }
      const up = li.querySelector("button.up"), down = li.querySelector("button.down");
      const above = li.previousElementSibling, below = li.nextElementSibling;
      if (up) { up.value = above ? li.dataset.id + " before " + above.dataset.id : ""; up.disabled = !above || gone; }
      if (down) { down.value = below ? li.dataset.id + " after " + below.dataset.id : ""; down.disabled = !below || gone; }
    }
    const none = document.getElementById("none");
    if (none) none.disabled = Number(document.getElementById("checked-count").textContent) === 0 || gone;
  }

  // The stored state, row by row: a row keeps its element (and focus) across updates,
  // and a row whose tap is still on its way keeps what the person tapped.
  function setText(element, text) {
    if (element.textContent !== String(text)) element.textContent = text;
  }

  // The list menu follows the lists as they are now (added, renamed, deleted elsewhere).
  function updateMenu(names) {
    const menu = document.getElementById("list-menu");
    if (!menu || !Array.isArray(names)) return;
    if (!gone && !names.includes(list)) names = [list, ...names];
    const now = [...menu.options].map(option => option.value);
    if (now.length === names.length && now.every((name, i) => name === names[i])
        && menu.value === list) return;
    menu.replaceChildren(...names.map(name => {
      const option = document.createElement("option");
      option.value = name; option.textContent = name; option.selected = name === list;
      return option;
    }));
    if (gone) menu.selectedIndex = -1;
  }

  // Deleted elsewhere: said beside the rows (never over the menu that leads away),
  // and the page sends nothing more for it.
  function showGone(answer) {
    if (gone) return;
    gone = true;
    const notice = document.getElementById("gone");
    notice.textContent = "The list “" + list + "” was deleted elsewhere. Choose another list from the menu.";
    notice.hidden = false;
    for (const input of document.querySelectorAll("#rows input, #add-form input, #add-form button, #delete"))
      input.disabled = true;
    if (answer && answer.lists) updateMenu(answer.lists);
  }

  // The page's address for its list, with the list's identity (which the server follows).
  function pageURL(edit) {
    return "./?list=" + encodeURIComponent(list) + (listId ? "&listid=" + encodeURIComponent(listId) : "")
      + (edit ? "&edit=1" : "");
  }
  function renamed(name) {
    list = name;
    document.title = name + " · checklist";
    document.body.dataset.list = name;
    for (const field of document.querySelectorAll("input[name=list]")) field.value = name;
    // The address, Edit/Done and every ✎ lead to the list under its new name.
    const address = new URLSearchParams(location.search);
    if (address.has("list")) {
      address.set("list", name);
      if (listId) address.set("listid", listId);
      history.replaceState(history.state, "", "?" + address.toString() + location.hash);
    }
    const edit = document.getElementById("edit");
    if (edit) edit.href = pageURL(!editing);
    for (const link of document.querySelectorAll("a.rename"))
      link.href = pageURL(true) + "&rename=" + link.closest("li").dataset.id;
    // Listens again under the new name, at once and without a word: the server is there.
    if (socket) { const old = socket; socket = null; old.onclose = null; old.close(); listen(); }
  }

  function apply(state) {
    // An answer older than what the page shows (a slow reply after a push), or for
    // another list, is dropped; a restarted server's marks start again.
    if (!state || gone || (state.epoch === epoch && state.mark < mark)) return;
    if (listId ? state.listId !== listId : state.list !== list) return;
    epoch = state.epoch;
    if (typeof state.time === "string" && !(state.time < seen)) {
      seen = state.time;
      // Measured on a state just read (not the kept one a page opened offline shows).
      if (state !== kept && !isNaN(Date.parse(state.time))) {
        offset = Date.parse(state.time) - Date.now();
        writeStored(offsetKey, offset);
      }
    }
    // The last state this phone saw, for a page opened with no connection.
    if (!partial) writeStored(stateKey, Object.assign({}, state, { lost: undefined, undone: undefined }));
    // The server answers again: the notes of taps that failed before go.
    for (const n of rows.querySelectorAll(".note")) if (n.textContent) n.textContent = "";
    if (state.list !== list) renamed(state.list);
    updateMenu(state.lists);
    mark = state.mark;
    serverChecked = state.checked;
    setText(document.getElementById("total-count"), state.total);
    // Rows that are gone go first: moving the rows around a focused one would blur it.
    const shown = new Set(state.rows.map(row => String(row.id)));
    if (!partial) for (const li of [...rows.children]) if (!shown.has(li.dataset.id)) li.remove();
    const existing = new Map([...rows.children].map(li => [li.dataset.id, li]));
    let previous = null;
    for (const row of state.rows) {
      const id = String(row.id);
      let li = existing.get(id);
      if (li) existing.delete(id); else li = makeRow(row);
      li.dataset.key = row.key;
      const input = li.querySelector("input"), label = li.querySelector("label");
      // A row being renamed shows its field, left as the person typed it.
      const title = label && label.querySelector("bdi");
      if (title && title.textContent !== row.title) title.textContent = row.title;
      // The item's quantity and note, as the server words them (` ×5 — borrow Ben's`).
      if (label) {
        let fields = label.querySelector(".fields");
        if (row.shown && !fields) {
          fields = document.createElement("span"); fields.className = "fields"; label.append(fields);
        }
        if (fields) { if (row.shown) setText(fields, row.shown); else fields.remove(); }
      }
      stored.set(id, row.checked);
      if (!queued(id)) input.checked = row.checked;
      // Elements only: the server's rows have text (line breaks) between them.
      const next = previous ? previous.nextElementSibling : rows.firstElementChild;
      if (next !== li) {
        if (li.contains(document.activeElement)) {
          // The focused row (a title being typed) stays, since moving it would blur it: the
          // rows between go after it, in their order.
          const after = li.nextSibling;
          for (let other = next; other !== li;) {
            const following = other.nextElementSibling;
            rows.insertBefore(other, after);
            other = following;
          }
        } else rows.insertBefore(li, next);
      }
      previous = li;
    }
    const empty = document.getElementById("empty");
    if (empty) empty.hidden = rows.children.length > 0;
    updateTools();
    restore();
    document.dispatchEvent(new CustomEvent("checklist:applied", { detail: { mark } }));
  }

  async function refresh() {
    if (gone) return;
    let query = "state?list=" + encodeURIComponent(list) + (listId ? "&listid=" + encodeURIComponent(listId) : "");
    const first = rows.firstElementChild;
    if (partial && first) query += "&from=" + first.dataset.id + "&key=" + first.dataset.key;
    try {
      const response = await send(query, { headers: { "Accept": "application/json" } });
      if (response.ok) apply(await response.json());
      else if (isLinkReplaced(response)) linkReplaced();
      else if (response.status === 410 || response.status === 404)
        showGone(await response.json().catch(() => null));
    } catch (error) { status.textContent = unreachable; away = true; showPending(); }
  }

  // A 404 that is not the list's (JSON) is the link's: it was replaced (serve --new-link).
  function isLinkReplaced(response) {
    return response.status === 404 && !(response.headers.get("Content-Type") || "").includes("json");
  }
  let replaced = false;
  function linkReplaced() {
    replaced = true;
    status.textContent = "This page's link was replaced, so it no longer opens the list. "
      + "Ask the person who shares the list for the new link (checklist serve --new-link prints one).";
    for (const input of document.querySelectorAll("input, button, select")) input.disabled = true;
  }

  function checkedShown() {
    return [...rows.querySelectorAll("input:checked")].map(input => input.value);
  }

  function updateToolbar() {
    const button = document.getElementById("delete");
    if (!button) return;
    const ids = checkedShown();
    setText(button, "Delete (" + ids.length + ")");
    // Not while a tap is on its way: Delete counts what is stored.
    button.disabled = ids.length === 0 || queue.length > 0;
    document.querySelector("#delete-form input[name=ids]").value = ids.join(",");
  }

  rows.addEventListener("change", event => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.name !== "checked") return;
    const li = input.closest("li"), title = li.querySelector("label bdi");
    loadQueue();
    queue.push({ key: Math.random().toString(36).slice(2) + Date.now().toString(36),
      id: li.dataset.id, to: input.checked ? "checked" : "unchecked",
      at: new Date(Date.now() + offset).toISOString(), seen, title: title ? title.textContent : "" });
    saveQueue();
    note(li, "");
    lostList.replaceChildren();
    restore();
    flush();
  });

  // Sends the kept taps, oldest first, one request at a time; those that lost are told. No
  // answer, or a proxy's or the server's "not now" (502, 503: a database that cannot be
  // reached, a lock held too long; 504), keeps them and tries again, less often each time.
  let sending = false, retry = null, retryDelay = 1000;
  function forget(batch) {
    const sent = new Set(batch.map(tap => tap.key));
    loadQueue();
    queue = queue.filter(tap => !sent.has(tap.key));
    saveQueue();
  }
  async function flush() {
    if (retry) { clearTimeout(retry); retry = null; }
    loadQueue();
    if (sending || gone || replaced || queue.length === 0) { showPending(); return; }
    sending = true;
    // At most 200 a request: well inside the server's 64 KiB for a body.
    const batch = queue.slice(0, 200);
    let again = false;
    try {
      const fields = new URLSearchParams();
      for (const tap of batch)
        fields.append("tap", tap.id + ":" + tap.to + ":" + tap.at + (tap.seen ? "/" + tap.seen : ""));
      const state = await post("toggle", fields);
      // A 2xx that is not the server's answer (a captive portal's page) sent nothing.
      if (!state || typeof state.mark !== "number") throw new TypeError("not the server's answer");
      forget(batch);
      away = false;
      retryDelay = 1000;
      if (status.textContent === unreachable || status.textContent === unavailable) status.textContent = "";
      showLost(state && state.lost, batch);
      settled(state);
      again = true;
    } catch (error) {
      if (error instanceof TypeError || [502, 503, 504].includes(error.status)) {
        // Kept, and sent when the server is back (the same tap sent twice changes nothing
        // more).
        away = true;
        status.textContent = error instanceof TypeError ? unreachable : unavailable;
        retry = setTimeout(flush, retryDelay);
        retryDelay = Math.min(retryDelay * 2, 10000);
      } else if (!replaced) {
        // The server answered no (the list is gone, a tap it cannot read): not saved, said on
        // the rows. (With the link replaced they stay kept: the new link's page sends them.)
        forget(batch);
        for (const tap of batch) {
          const li = rows.querySelector("li[data-id='" + tap.id + "']");
          if (li) note(li, "Not saved: " + reason(error));
        }
        // Said above the list too: the rows' notes go when the state read next arrives.
        status.textContent = "Not saved: " + reason(error);
        refresh();
        again = true;
      }
    } finally {
      sending = false;
      restore();
      showPending();
    }
    if (again && queue.length) flush();
  }

  // A phone's clock, in its own words ("10:05:03").
  function clock(time) {
    const date = new Date(time);
    return isNaN(date) ? "" : date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  }
  function showLost(lost, batch) {
    if (!Array.isArray(lost)) return;
    for (const tap of lost) {
      const sent = batch.find(each => String(each.id) === String(tap.id));
      const title = tap.title || (sent && sent.title) || "an item";
      const line = document.createElement("li");
      line.textContent = "“" + title + "”: your " + tap.tap + " at " + clock(tap.at)
        + " was not kept; " + tap.said + (tap.when ? " at " + clock(tap.when) : "") + ".";
      lostList.append(line);
    }
  }

  // A change's answer is the list's first window: a page after "Next items" reads its own.
  function settled(state) {
    if (partial) refresh(); else apply(state);
    updateToolbar();
  }

  // The add form's own note, beside it; it goes as the title is typed again.
  const addNote = document.getElementById("add-note");
  document.getElementById("new-title").addEventListener("input", () => { addNote.textContent = ""; });
  document.getElementById("add-form").addEventListener("submit", event => {
    event.preventDefault();
    const field = document.getElementById("new-title");
    post("add", { title: field.value })
      .then(state => { field.value = ""; addNote.textContent = ""; settled(state); })
      .catch(error => { addNote.textContent = "Not added: " + reason(error); });
  });

  // A person's link: Undo reverts their own newest change (refused, and said why, when
  // someone else has changed the same items since).
  const undoForm = document.getElementById("undo-form");
  if (undoForm) undoForm.addEventListener("submit", event => {
    event.preventDefault();
    post("undo", {})
      .then(state => { status.textContent = "Undone: " + state.undone; settled(state); })
      .catch(error => { status.textContent = "Not undone: " + error.message; refresh(); });
  });

  // Edit mode's up and down, sent without leaving the page.
  rows.addEventListener("click", event => {
    const button = event.target.closest && event.target.closest("button[name=move]");
    if (!button) return;
    event.preventDefault();
    if (!button.value || queue.length > 0) return;
    const li = button.closest("li");
    post("move", { move: button.value, edit: "1" })
      .then(state => settled(state))
      .catch(error => { note(li, "Not moved: " + reason(error)); refresh(); });
  });

  // Edit mode's drag, as a table view's reorder control: a row held by its handle (≡)
  // follows the finger or the mouse, the rows it passes make room, and where it is let go
  // is sent as up and down send theirs ("ID before OTHER", "ID after OTHER"). Pointer events
  // are one code for touch and mouse; the handle takes no scrolling (touch-action), so the
  // page scrolls from anywhere else. ↑ and ↓ stay, for the keyboard.
  let drag = null;
  rows.addEventListener("pointerdown", event => {
    const handle = event.target.closest && event.target.closest(".handle");
    if (!handle || drag || gone || queue.length > 0 || event.button > 0) return;
    event.preventDefault();
    handle.setPointerCapture(event.pointerId);
    const order = [...rows.children], li = handle.closest("li");
    drag = { li, order, pointer: event.pointerId, from: event.clientY,
             index: order.indexOf(li), target: order.indexOf(li),
             boxes: order.map(row => row.getBoundingClientRect()) };
    li.classList.add("dragging");
    rows.classList.add("sorting");
  });
  rows.addEventListener("pointermove", event => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const moved = event.clientY - drag.from, own = drag.boxes[drag.index];
    const middle = own.top + own.height / 2 + moved;
    // Its place: after every other row whose middle it has passed.
    drag.target = drag.boxes.filter((box, i) => i !== drag.index && box.top + box.height / 2 < middle).length;
    drag.li.style.transform = "translateY(" + moved + "px)";
    drag.order.forEach((row, i) => {
      const room = i > drag.index && i <= drag.target ? -own.height
        : i < drag.index && i >= drag.target ? own.height : 0;
      if (row !== drag.li) row.style.transform = room ? "translateY(" + room + "px)" : "";
    });
  });
  function dropped(event, cancelled) {
    if (!drag || event.pointerId !== drag.pointer) return;
    const { li, order, index, target } = drag;
    drag = null;
    for (const row of order) row.style.transform = "";
    li.classList.remove("dragging");
    rows.classList.remove("sorting");
    if (cancelled || target === index) return;
    const others = order.filter(row => row !== li);
    const value = target === 0 ? li.dataset.id + " before " + others[0].dataset.id
      : li.dataset.id + " after " + others[target - 1].dataset.id;
    // Where it was let go, until the answer puts the stored order in place.
    rows.insertBefore(li, others[target] || null);
    updateTools();
    post("move", { move: value, edit: "1" })
      .then(state => settled(state))
      .catch(error => { note(li, "Not moved: " + reason(error)); refresh(); });
  }
  rows.addEventListener("pointerup", event => dropped(event, false));
  rows.addEventListener("pointercancel", event => dropped(event, true));

  // A single-choice list's None: its choice cleared.
  const noneForm = document.getElementById("none-form");
  if (noneForm) noneForm.addEventListener("submit", event => {
    event.preventDefault();
    post("none", {})
      .then(state => settled(state))
      .catch(error => { status.textContent = "Not cleared: " + reason(error); refresh(); });
  });

  const deleteForm = document.getElementById("delete-form");
  if (deleteForm) deleteForm.addEventListener("submit", event => {
    event.preventDefault();
    const ids = checkedShown();
    if (ids.length === 0 || queue.length > 0) return;
    const noun = ids.length === 1 ? "item" : "items";
    if (!window.confirm("Delete " + ids.length + " checked " + noun + "?")) return;
    post("delete", { ids: ids.join(","), confirm: "yes" })
      .then(state => { status.textContent = ""; settled(state); })
      .catch(error => { status.textContent = "Not deleted: " + reason(error); refresh(); });
  });

  // A form the page sends as a browser would (edit mode's Rename, Save): with the link's
  // header, then the page it leads to, opened at its clean address.
  document.addEventListener("submit", event => {
    const form = event.target;
    if (event.defaultPrevented || (form.getAttribute("method") || "").toLowerCase() !== "post") return;
    event.preventDefault();
    const body = new URLSearchParams(new FormData(form, event.submitter));
    send(form.action, { method: "POST", body })
      .then(async response => {
        if (isLinkReplaced(response)) { linkReplaced(); return; }
        if (response.ok && response.redirected) { location.assign(response.url); return; }
        // A refusal: its words on this page (an HTML answer's own line, else its text).
        let answer = await response.text();
        if ((response.headers.get("Content-Type") || "").startsWith("text/html")) {
          const html = new DOMParser().parseFromString(answer, "text/html");
          answer = (html.querySelector("#gone, main") || html.body).textContent;
        }
        status.textContent = answer.trim() || "The server answered " + response.status + ".";
      })
      .catch(() => { status.textContent = unreachable; });
  });

  document.getElementById("list-menu").addEventListener("change", event => {
    location.href = "./?list=" + encodeURIComponent(event.target.value) + (editing ? "&edit=1" : "");
  });

  // Live: the server says when the lists changed; the page then reads the state.
  let delay = 250, socket = null;
  function listen() {
    if (gone) return;
    // A browser's socket sends no header of the page's: the secret is in its path, which
    // no address bar shows.
    socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://")
      + location.host + "/" + secret + "/events?list=" + encodeURIComponent(list));
    socket.onopen = () => { delay = 250; status.textContent = ""; away = false; refresh(); flush(); };
    // The server pushes the list's first window; a page after "Next items" reads its own.
    socket.onmessage = message => {
      let state = null;
      try { state = JSON.parse(message.data); } catch (error) { state = null; }
      if (state && state.rows && !partial) apply(state);
      else if (Number(state && state.mark !== undefined ? state.mark : message.data) !== mark) refresh();
    };
    socket.onclose = async event => {
      if (replaced || gone) return;
      // 1013: the link holds too many open pages; this one tries again later, not at once.
      if (event.code === 1013) delay = 5000;
      status.textContent = unreachable;
      away = true;
      restore();
      showPending();
      // A socket refused or closed because the link was replaced: the state says so.
      try {
        const response = await send("state?list=" + encodeURIComponent(list), { headers: { "Accept": "application/json" } });
        if (isLinkReplaced(response)) { linkReplaced(); return; }
      } catch (error) { /* the server is away: try again */ }
      setTimeout(listen, delay);
      delay = Math.min(delay * 2, 5000);
    };
  }
  // Opened with no connection (the service worker's copy of the page): the last state this
  // phone saw, when it is newer than the page; then the taps it kept, shown and sent.
  if (!partial && kept && typeof kept.time === "string" && kept.time > seen) apply(kept);
  // Another tab of the list changed the kept taps.
  window.addEventListener("storage", event => {
    if (event.key !== queueKey) return;
    loadQueue();
    restore();
    showPending();
  });
  window.addEventListener("online", flush);
  listen();
  updateTools();
  restore();
  flush();
  // Where a service worker may run (HTTPS, or this machine), the list opens offline
  // with what the phone saw last.
  if ("serviceWorker" in navigator && window.isSecureContext)
    navigator.serviceWorker.register("/sw.js").catch(() => {});
})();