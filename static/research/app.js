// Dossier's own small script: live progress, confirmations for destructive forms, and the
// library's uploads (one file a request, with progress) and document statuses.
"use strict";

(function () {
  const POLL_MS = 2000;

  // A block with data-poll (the progress, the questions being answered) is fetched again every
  // 2 s and replaced by the element of the same id in the answer; so is every element of the
  // answer marked data-live (a running project's counts and outline) that the page has.
  // A part the member is working in (a note being edited, a focused field) is left as it
  // is until the next poll finds them out of it: nothing they type is lost.
  function inUse(part) {
    return part.contains(document.activeElement) || part.querySelector("details[open]") !== null;
  }

  function replaceProgress(current, html) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    doc.querySelectorAll("[data-live][id]").forEach(function (live) {
      const old = document.getElementById(live.id);
      if (old && old !== current && !inUse(old)) old.replaceWith(live);
    });
    const fresh = doc.getElementById(current.id);
    if (!fresh) return null; // the page no longer shows it (a run ended): reload it whole
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
        if (next === null) return window.location.reload();
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

  // --- The library --------------------------------------------------------------------

  const DOCUMENTS_API = "/api/library/documents";
  const STATUS_NAMES = { queued: "Queued", extracting: "Extracting", ready: "Ready", failed: "Failed" };

  function element(tag, className, text) {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text) made.textContent = text;
    return made;
  }

  function reading(status) {
    return status === "queued" || status === "extracting";
  }

  // A document's badge (and its failure reason) in `holder`, which has data-document.
  function showStatus(holder, doc) {
    const badge = holder.querySelector("[data-badge]");
    if (!badge) return;
    badge.className = "status status-" + doc.status;
    badge.textContent = STATUS_NAMES[doc.status] || doc.status;
    let reason = holder.querySelector("[data-error]");
    if (doc.error && !reason) {
      reason = element("span", "error small");
      reason.dataset.error = "";
      badge.after(reason);
    }
    if (reason) reason.textContent = doc.error ? " " + doc.error : "";
    holder.dataset.status = doc.status;
  }

  // Every 2 s until the document is ready or failed; a holder with data-reload reloads the
  // page then (the document page, to show its passages).
  function watchDocument(holder) {
    window.setTimeout(async function tick() {
      try {
        const response = await fetch(DOCUMENTS_API + "/" + holder.dataset.document, {
          credentials: "same-origin",
          headers: { Accept: "application/json" },
        });
        if (response.status === 404) return;
        if (response.ok) {
          const doc = await response.json();
          showStatus(holder, doc);
          if (!reading(doc.status)) {
            if (holder.dataset.reload !== undefined) window.location.reload();
            return;
          }
        }
      } catch (error) {
        // A network blip: try again on the next tick.
      }
      window.setTimeout(tick, POLL_MS);
    }, POLL_MS);
  }

  function documentLink(doc) {
    const link = element("a", "", doc.title || doc.filename);
    link.href = "/library/documents/" + doc.id + "/";
    return link;
  }

  // What the API said about one file: added, already in the library, or refused and why.
  function showOutcome(row, status, body) {
    const outcome = row.querySelector(".outcome");
    outcome.replaceChildren();
    outcome.className = "outcome";
    if ((status === 201 || status === 200) && body && body.id) {
      const doc = body;  // the document itself, with `duplicate` and `message`
      row.dataset.outcome = body.duplicate ? "duplicate" : "added";
      row.dataset.document = doc.id;
      const badge = element("span", "", "");
      badge.dataset.badge = "";
      outcome.append(body.duplicate ? "Already in the library: " : "Added: ", documentLink(doc), " ", badge);
      if (body.duplicate) outcome.append(element("span", "muted small", " " + body.message));
      showStatus(row, doc);
      if (reading(doc.status)) watchDocument(row);
      return;
    }
    row.dataset.outcome = "refused";
    let detail = body && body.detail;
    if (typeof detail !== "string") detail = "the server answered " + status + ".";
    outcome.append(element("span", "error", "Refused: " + detail));
  }

  function sendFile(form, file, row) {
    return new Promise(function (resolve) {
      const bar = row.querySelector("progress");
      const xhr = new XMLHttpRequest();
      xhr.open("POST", DOCUMENTS_API);
      xhr.setRequestHeader("X-CSRFToken", form.querySelector("[name=csrfmiddlewaretoken]").value);
      xhr.setRequestHeader("Accept", "application/json");
      xhr.upload.onprogress = function (event) {
        if (!event.lengthComputable) return;
        bar.max = event.total;
        bar.value = event.loaded;
      };
      xhr.onload = function () {
        let body = null;
        try {
          body = JSON.parse(xhr.responseText);
        } catch (error) {
          // Not JSON: the outcome says which status came back.
        }
        bar.value = bar.max;
        showOutcome(row, xhr.status, body);
        resolve();
      };
      xhr.onerror = function () {
        showOutcome(row, 0, { detail: "the upload was cut off (the connection failed, or the server refused a file this large)." });
        resolve();
      };
      const data = new FormData();
      data.append("collection", form.dataset.collection);
      data.append("file", file, file.name);
      row.querySelector(".outcome").textContent = "Uploading…";
      xhr.send(data);
    });
  }

  function uploadRow(file) {
    const row = element("li", "", "");
    const bar = element("progress", "", "");
    bar.max = Math.max(file.size, 1);
    bar.value = 0;
    row.append(element("span", "", file.name), bar, element("span", "outcome muted", "Waiting"));
    return row;
  }

  // Without this script the form posts every file to the page, which adds them in turn.
  function uploadThroughTheAPI() {
    const form = document.getElementById("upload-form");
    const list = document.getElementById("uploads");
    if (!form || !list || !window.FormData || !window.XMLHttpRequest) return;
    form.addEventListener("submit", async function (event) {
      event.preventDefault();
      const input = form.querySelector("input[type=file]");
      const button = form.querySelector("button[type=submit]");
      const files = Array.from(input.files);
      if (!files.length) return;
      const rows = files.map(function (file) {
        const row = uploadRow(file);
        list.append(row);
        return row;
      });
      button.disabled = true;
      input.value = "";
      for (let index = 0; index < files.length; index += 1) {
        await sendFile(form, files[index], rows[index]);
      }
      button.disabled = false;
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-poll]").forEach(poll);
    confirmForms();
    greyStylesWithoutLLM();
    uploadThroughTheAPI();
    document.querySelectorAll("[data-document]").forEach(function (holder) {
      if (reading(holder.dataset.status)) watchDocument(holder);
    });
  });
})();
