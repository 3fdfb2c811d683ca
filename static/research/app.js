// Dossier's own small script: live progress, and confirmations for destructive forms.
"use strict";

(function () {
  const POLL_MS = 2000;

  function replaceProgress(current, html) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const fresh = doc.getElementById("progress");
    if (!fresh) return current;
    current.replaceWith(fresh);
    return fresh;
  }

  function poll(block) {
    const url = block.dataset.poll;
    if (!url) return;
    const started = block.dataset.status;
    window.setTimeout(async function tick() {
      let next = block;
      try {
        const response = await fetch(url, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } });
        if (response.ok) next = replaceProgress(block, await response.text());
      } catch (error) {
        // A network blip: try again on the next tick.
      }
      if (next.dataset.poll) {
        block = next;
        window.setTimeout(tick, POLL_MS);
      } else if (next.dataset.status !== started) {
        window.location.reload(); // finished: show the outline and report as they are now
      }
    }, POLL_MS);
  }

  function confirmForms() {
    document.addEventListener("submit", function (event) {
      const form = event.target;
      const message = form.dataset ? form.dataset.confirm : null;
      if (message && !window.confirm(message)) event.preventDefault();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    const block = document.getElementById("progress");
    if (block) poll(block);
    confirmForms();
  });
})();
