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
        else if (response.status === 404) return window.location.reload(); // moved to the trash
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

  // Report styles need a language model: with the extractive engine chosen, the style field
  // is greyed out and says why (its value is still sent, and ignored).
  function greyStylesWithoutLLM() {
    document.querySelectorAll("select[name=engine]").forEach(function (engine) {
      const form = engine.form;
      const style = form.querySelector("select[name=report_style], select[name=style]");
      if (!style) return;
      const update = function () {
        const chosen = engine.value || form.dataset.engine || "";
        const extractive = chosen === "extractive";
        style.classList.toggle("needs-llm", extractive);
        style.title = extractive ? "Styles need the LLM: an extractive report is quotes." : "";
      };
      engine.addEventListener("change", update);
      update();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    const block = document.getElementById("progress");
    if (block) poll(block);
    confirmForms();
    greyStylesWithoutLLM();
  });
})();
