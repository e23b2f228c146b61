#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What `serve` shows to open the phone page: the machine's address on the network and the
/// page's URL as a QR code.
public enum ServeAddress {
    /// `text` as a QR code of terminal characters, by `qrencode` when it is on `searchPath`: in
    /// its own colours (white on black, readable on any terminal) with `colors`, else plain.
    public static func qrCode(_ text: String, searchPath: String?, colors: Bool) -> String? {
        guard let program = ChildProcess.find("qrencode", searchPath: searchPath) else { return nil }
        let arguments = ["-t", colors ? "ANSIUTF8" : "UTF8", "-m", "2", text]
        guard let ended = try? ChildProcess(program, arguments, error: .null).runCapturing(),
              ended.termination.status == 0, !ended.output.isEmpty else { return nil }
        return String(decoding: ended.output, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// The first IPv4 address of an interface that is up and not loopback.
    public static func lan() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == UInt16(AF_INET),
                  flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                return String(decoding: host.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return nil
    }

    /// The page's address: `scheme://host:port/?token=…` (`page` in place of `/`, such as `/journal`), an IPv6 host in brackets.
    public static func url(scheme: String, host: String, port: Int, token: String, page: String = "/") -> String {
        "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)\(page)?token=\(token)"
    }

    /// Whether `host` is this machine only (127.x or ::1).
    public static func isLoopback(_ host: String) -> Bool {
        host.hasPrefix("127.") || host == "::1"
    }
}
