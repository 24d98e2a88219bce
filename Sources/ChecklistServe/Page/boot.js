"use strict";
// The clean address, opened without the link's header (a reload, a bookmark, a home-screen
// icon): the page is read with the secret this browser keeps for this origin (this tab's
// first, so two people's links in one browser each reload as their own), and takes this
// page's place. The secret is never in a cookie: a host's cookies go to every port of it.
(async () => {
  const line = document.getElementById("boot");
  const say = text => { line.textContent = text; };
  const key = "checklist-link";
  const kept = store => { try { return window[store].getItem(key); } catch (error) { return null; } };
  const secret = kept("sessionStorage") || kept("localStorage");
  if (!secret || !/^[0-9a-f]{32}$/.test(secret)) {
    say("This browser holds no link for this address: open the list with the link you were given.");
    return;
  }
  let response, text;
  try {
    response = await fetch(location.pathname + location.search, { headers: { "X-Checklist-Link": secret } });
    text = await response.text();
  } catch (error) {
    say("The server cannot be reached, and this phone has no copy of the page yet. Try again when it is back.");
    return;
  }
  if (!(response.headers.get("Content-Type") || "").startsWith("text/html")) {
    say(text.trim() || "The server answered " + response.status + ".");
    return;
  }
  // The page's document takes this one's place; its scripts are made anew (a parsed
  // document's scripts never run), the page's script reading the secret from the storage.
  const page = new DOMParser().parseFromString(text, "text/html");
  const scripts = [...page.querySelectorAll("script[src]")].map(script => script.getAttribute("src"));
  for (const script of page.querySelectorAll("script")) script.remove();
  document.replaceChild(document.adoptNode(page.documentElement), document.documentElement);
  for (const src of scripts) {
    const script = document.createElement("script");
    script.src = src;
    document.head.append(script);
  }
})();
