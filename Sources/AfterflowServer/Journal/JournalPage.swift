import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The journal page (`Page/journal.html`, compiled into the binary) and what a phone needs to
/// keep it on its home screen: the web app manifest, the icon, and over HTTPS a service worker
/// that keeps the page for starts with the server away.
struct JournalPage: Sendable {
    let template: String
    let secure: Bool

    init(secure: Bool) {
        self.secure = secure
        template = String(decoding: PackageResources.journal_html, as: UTF8.self)
            .replacingOccurrences(of: "{{SECURE}}", with: secure ? "true" : "false")
    }

    /// The therapist page's policy, with the manifest, its icon and (over HTTPS) the worker from this server.
    static func policy(nonce: String, secure: Bool) -> String {
        PhonePage.policy(nonce: nonce).replacingOccurrences(of: "img-src data:", with: "img-src 'self' data:")
            + "; manifest-src 'self'" + (secure ? "; worker-src 'self'" : "")
    }

    func response() -> Response {
        let nonce = PhonePage.makeNonce()
        var headers = PhonePage.commonHeaders
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentSecurityPolicy] = Self.policy(nonce: nonce, secure: secure)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: template.replacingOccurrences(of: "{{NONCE}}", with: nonce))))
    }

    /// Opens `/journal` full-screen from the home screen; the token of this start is in its
    /// addresses (a restart makes a new one: open the new address once).
    func manifest(token: String) -> Response {
        let manifest = """
            {"name":"Afterflow journal","short_name":"Journal","description":"Check-ins, reflections and sessions, kept in your vault.",\
            "start_url":"/journal?token=\(token)","scope":"/journal","display":"standalone","orientation":"portrait",\
            "background_color":"#f6f5f2","theme_color":"#2f5d8a",\
            "icons":[{"src":"/journal/icon.svg?token=\(token)","sizes":"any","type":"image/svg+xml","purpose":"any maskable"}]}
            """
        return plain(manifest, type: "application/manifest+json")
    }

    /// A calm mark on the theme's blue: a rising curve, no words.
    func icon() -> Response {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="#2f5d8a"/>\
            <path d="M96 352c64-8 96-72 160-136s112-72 160-72" fill="none" stroke="#f6f5f2" stroke-width="40" stroke-linecap="round"/>\
            <circle cx="160" cy="176" r="36" fill="#f6f5f2"/></svg>
            """
        return plain(svg, type: "image/svg+xml")
    }

    /// Over HTTPS: keeps the last page it fetched, and gives it when the server does not answer.
    /// The API is never cached (what is typed offline waits in the page's own storage).
    func serviceWorker() -> Response {
        let script = """
            const CACHE = "afterflow-journal-1";
            self.addEventListener("install", e => self.skipWaiting());
            self.addEventListener("activate", e => e.waitUntil(self.clients.claim()));
            self.addEventListener("fetch", e => {
              const url = new URL(e.request.url);
              if (e.request.method !== "GET" || url.pathname !== "/journal") return;
              e.respondWith(fetch(e.request).then(r => {
                if (r.ok) { const copy = r.clone(); caches.open(CACHE).then(c => c.put("/journal", copy)); }
                return r;
              }).catch(() => caches.open(CACHE).then(c => c.match("/journal")).then(r => r || Response.error())));
            });
            """
        return plain(script, type: "text/javascript; charset=utf-8")
    }

    private func plain(_ text: String, type: String) -> Response {
        var headers = PhonePage.commonHeaders
        headers[.contentType] = type
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
