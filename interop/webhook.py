"""A webhook receiver for App Store Server Notifications, as a backend would run one."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class WebhookReceiver:
    """Collects every `{"signedPayload": ...}` POSTed to it and answers `status` (200: accepted)."""

    def __init__(self, status: int = 200):
        self.bodies = []
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length))
                with receiver._lock:
                    receiver.bodies.append(body)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/notifications"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def signed_payloads(self) -> list:
        with self._lock:
            return [body["signedPayload"] for body in self.bodies]

    def stop(self):
        self._server.shutdown()
        self._server.server_close()
