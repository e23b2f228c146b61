import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The phone page: one HTML file with its style and script inline (`Page/phone.html`, compiled
/// into the binary), served with a Content-Security-Policy that lets it run only its own inline
/// style and script (a new nonce each time) and talk to this server alone.
struct PhonePage: Sendable {
    let neutral: Bool
    /// The page with `{{NEUTRAL}}` filled in; `{{NONCE}}` is filled per response.
    let template: String

    init(neutral: Bool) {
        self.neutral = neutral
        template = String(decoding: PackageResources.phone_html, as: UTF8.self)
            .replacingOccurrences(of: "{{NEUTRAL}}", with: neutral ? "true" : "false")
    }

    /// Headers every answer carries: nothing cached, nothing guessed, no referrer sent on.
    static let commonHeaders: HTTPFields = [
        .cacheControl: "no-store",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        HTTPField.Name("X-Frame-Options")!: "DENY",
    ]

    static func policy(nonce: String) -> String {
        "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; connect-src 'self'; img-src data:; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        for _ in 0..<2 { withUnsafeBytes(of: generator.next() as UInt64) { bytes += $0 } }
        return Data(bytes).base64EncodedString()
    }

    func response() -> Response {
        let nonce = PhonePage.makeNonce()
        var headers = PhonePage.commonHeaders
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentSecurityPolicy] = PhonePage.policy(nonce: nonce)
        let html = template.replacingOccurrences(of: "{{NONCE}}", with: nonce)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
