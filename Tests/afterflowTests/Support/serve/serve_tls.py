"""`afterflow serve --tls-cert --tls-key`: HTTPS with the user's own certificate. The page and the
API answer over TLS, verified against that certificate; plain HTTP on the same port gets nothing.

Usage: serve_tls.py PORT TOKEN CERT  (exit 0 when every check holds)."""
import http.client
import json
import socket
import ssl
import sys

PORT, TOKEN, CERT = int(sys.argv[1]), sys.argv[2], sys.argv[3]


def check(condition, message):
    if not condition:
        print("FAILED:", message)
        sys.exit(1)
    print("ok:", message)


context = ssl.create_default_context(cafile=CERT)
conn = http.client.HTTPSConnection("127.0.0.1", PORT, context=context, timeout=30)
conn.request("GET", "/?token=" + TOKEN)
r = conn.getresponse()
body = r.read()
check(r.status == 200 and b"<!doctype html>" in body, "the page over HTTPS, the certificate verified")
check("default-src 'none'" in r.getheader("Content-Security-Policy", ""), "with its Content-Security-Policy")
conn.request("GET", "/api/clients", headers={"Authorization": "Bearer " + TOKEN})
r = conn.getresponse()
check(r.status == 200 and json.loads(r.read())["clients"], "the API over the same connection")
conn.request("GET", "/api/clients")
r = conn.getresponse()
r.read()
check(r.status == 401, "without the token: 401 over HTTPS too")
conn.close()

plain = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
try:
    plain.request("GET", "/?token=" + TOKEN)
    answer = plain.getresponse()
    check(answer.status != 200, "plain HTTP gets no page (%d)" % answer.status)
except (http.client.HTTPException, ConnectionError, socket.timeout, OSError) as e:
    check(True, "plain HTTP gets no page (%s)" % type(e).__name__)
print("all checks passed")
