#!/usr/bin/env python3
"""A stand-in for the four oEmbed providers, on loopback, for MusicFetchTests.

Usage: oembed_server.py LOG  -- listens on 127.0.0.1 on a free port, prints the port on the
first line of standard output, and appends one JSON line per request to LOG (method, path,
headers). It tells the providers apart by path and query, as afterflow keeps them when
AFTERFLOW_OEMBED_BASE replaces the host:

  /oembed?url=LINK               Spotify   title, thumbnail_url, html, type "rich", version "1.0",
                                           provider_name; no author, no duration
  /oembed?url=LINK&format=json   YouTube   title, author_name, author_url, thumbnail_url, type "video"
  /oembed?format=json&url=LINK   SoundCloud title, author_name, description, thumbnail_url,
                                           version as the number 1.0, width as the string "100%"
  /?url=LINK                     Tidal     no title at all

as the reference (shared/reference/afterflow-app.md, seed 001) describes them. Links whose path
holds one of these words choose a failure: `fail-404` a 404, `fail-slow` an answer after 5 s,
`fail-json` invalid JSON, `fail-redirect` a 302 to another path; `with-delay` answers after
2 s (time for a test to change the file meanwhile); `with-duration` adds a duration of 4980 s
(which none of the four gives in practice). Every answer sets
a cookie, which a client that keeps none never sends back.
"""
import json
import sys
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG = sys.argv[1]


def provider(path, query):
    names = [name for name, _ in query]
    if path == "/oembed" and names == ["url"]:
        return "spotify"
    if path == "/oembed" and names == ["url", "format"]:
        return "youtube"
    if path == "/oembed" and names == ["format", "url"]:
        return "soundcloud"
    if path == "/" and names == ["url"]:
        return "tidal"
    return None


def answer(name, link):
    if name == "spotify":
        return {"html": '<iframe style="border-radius: 12px" width="100%" height="352" src="https://open.spotify.com/embed/playlist/x"></iframe>',
                "iframe_url": "https://open.spotify.com/embed/playlist/x", "width": 456, "height": 352, "version": "1.0",
                "provider_name": "Spotify", "provider_url": "https://spotify.com", "type": "rich",
                "title": "Deep Focus", "thumbnail_url": "https://image-cdn-fa.spotifycdn.com/image/ab67706f0000", "thumbnail_width": 300,
                "thumbnail_height": 300}
    if name == "youtube":
        return {"title": "Ocean Waves \u2013 8 Hours", "author_name": "Calm Water Channel",
                "author_url": "https://www.youtube.com/@calmwater", "type": "video", "height": 113, "width": 200,
                "version": "1.0", "provider_name": "YouTube", "provider_url": "https://www.youtube.com/",
                "thumbnail_height": 360, "thumbnail_width": 480, "thumbnail_url": "https://i.ytimg.com/vi/k3Yp9WqZ2fE/hqdefault.jpg",
                "html": '<iframe width="200" height="113" src="https://www.youtube.com/embed/k3Yp9WqZ2fE?feature=oembed"></iframe>'}
    if name == "soundcloud":
        return {"version": 1.0, "type": "rich", "provider_name": "SoundCloud", "provider_url": "https://soundcloud.com",
                "height": 450, "width": "100%", "title": "Slow Water by Tidepool Sessions",
                "description": "Ninety minutes of tide and strings.",
                "thumbnail_url": "https://i1.sndcdn.com/artworks-000-t500x500.jpg",
                "html": '<iframe width="100%" height="450" scrolling="no" frameborder="no" src="https://w.soundcloud.com/player/?visual=true"></iframe>',
                "author_name": "Tidepool Sessions", "author_url": "https://soundcloud.com/tidepool-sessions"}
    return {"version": "1.0", "type": "rich", "provider_name": "TIDAL", "provider_url": "https://tidal.com",
            "width": 800, "height": 400,
            "html": '<div class="tidal-embed" style="position:relative;padding-bottom:100%;height:0"><iframe src="https://embed.tidal.com/playlists/x"></iframe></div>'}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json", extra=()):
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Set-Cookie", "provider_session=abc123; Path=/; HttpOnly")
        for key, value in extra:
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        parts = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
        name = provider(parts.path, query)
        link = dict(query).get("url", "")
        with open(LOG, "a") as log:
            log.write(json.dumps({"method": self.command, "path": self.path, "provider": name, "link": link,
                                  "headers": {k.lower(): v for k, v in self.headers.items()}}) + "\n")
        hosts = {"spotify": "open.spotify.com", "youtube": "www.youtube.com", "soundcloud": "soundcloud.com", "tidal": "tidal.com"}
        if name is None or hosts[name] not in urllib.parse.urlsplit(link).netloc:
            return self.send(400, json.dumps({"error": "not an oEmbed request this server knows"}))
        if "fail-404" in link:
            return self.send(404, "<html><body>Not Found</body></html>", "text/html")
        if "fail-slow" in link:
            time.sleep(5)
        if "with-delay" in link:
            time.sleep(2)
        if "fail-json" in link:
            return self.send(200, '{"title": "Half an answer", ')
        if "fail-redirect" in link:
            return self.send(302, "", "text/plain", [("Location", "/elsewhere?url=x")])
        body = answer(name, link)
        if "with-duration" in link:
            body["duration"] = 4980
        return self.send(200, json.dumps(body))


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
