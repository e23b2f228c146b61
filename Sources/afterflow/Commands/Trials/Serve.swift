import AfterflowKit
import AfterflowServer
import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension Afterflow {
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the phone page for logging trials live, on this machine or your network.",
            discussion: """
                Starts a small web server for the phone in your hand: pick a client, start a session of their active goals, then swipe up for a success and down for a failure (or tap the large buttons), left and right for the goal; choose the cue within 3 seconds or it is the goal's default; undo; end for the summary. Trials go into the same session files as afterflow log, and both may log into one session at once.

                It listens on 127.0.0.1 (this machine only) unless you give --lan. Each start makes a new random token: every request without it is refused, and an address that keeps guessing is slowed down. Open the address it prints (with the token); where qrencode is installed it prints a QR code of it too.

                Nothing is lost when the connection drops: the page keeps each trial on the phone until the server has it on disk, then sends it with its original time, once. After a restart the token is new: open the new address on the phone, and what it kept is sent then. Keep the same --port so that the phone finds what it kept (browsers keep storage per address and port).

                Examples:
                  afterflow serve                      this machine only (port 8760)
                  afterflow serve --lan                a phone on the same Wi-Fi
                  afterflow serve --lan --tls-cert cert.pem --tls-key key.pem
                  afterflow serve --neutral            no green or red, no Success/Failure
                """)

        static let defaultPort = 8760

        @OptionGroup var vaultOptions: VaultOptions

        @Option(help: ArgumentHelp("The port to listen on (0: any free one).", valueName: "port"))
        var port: Int = Serve.defaultPort

        @Flag(help: "Listen on this machine's network address, for a phone on the same network. The page and its trials then cross the network.")
        var lan = false

        @Option(help: ArgumentHelp("Serve HTTPS with this certificate (PEM), with --tls-key.", valueName: "file"))
        var tlsCert: String?

        @Option(help: ArgumentHelp("The certificate's private key (PEM, no passphrase).", valueName: "file"))
        var tlsKey: String?

        @Flag(help: "No green or red, no Success/Failure words or flashes: neutral symbols (▲ ▼).")
        var neutral = false

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535 (0: any free port)") }
            if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("give --tls-cert and --tls-key together") }
            for file in [tlsCert, tlsKey].compactMap({ $0 }) where !FileIO.exists(file) {
                throw ValidationError("there is no file \(file)")
            }
        }

        func run() throws {
            let practice = try QuickPractice(vaultOptions)
            let address: String
            if lan {
                guard let found = Self.lanAddress() else {
                    throw usageError("this machine has no network address besides 127.0.0.1; join a network, or leave out --lan", command: "serve")
                }
                address = found
            } else {
                address = "127.0.0.1"
            }
            let backend = PhoneBackend(store: practice.store, neutral: neutral)
            let tls = tlsCert.flatMap { cert in tlsKey.map { (cert: cert, key: $0) } }
            let server = PhoneServer(backend: backend, host: address, port: port, tls: tls)
            let scheme = tls == nil ? "http" : "https"
            let vaultShown = practice.vault.root
            let loopback = address.hasPrefix("127.") || address == "::1"
            let done = DispatchSemaphore(value: 0)
            let outcome = Outcome()
            Task.detached {
                do {
                    try await server.run { bound in
                        let url = "\(scheme)://\(address.contains(":") ? "[\(address)]" : address):\(bound)/?token=\(server.token)"
                        Serve.announce(url: url, vault: vaultShown, loopback: loopback, tls: tls != nil)
                    }
                } catch {
                    outcome.set(error)
                }
                done.signal()
            }
            done.wait()
            if let error = outcome.error {
                if let refusal = error as? PhoneError {
                    throw usageError(refusal.message, command: "serve")
                }
                let text = "\(error)"
                if text.contains("Address already in use") || text.contains("EADDRINUSE") || text.contains("errno: 98") {
                    throw usageError("port \(port) on \(address) is taken (another afterflow serve?); stop it, or give another with --port", command: "serve")
                }
                throw usageError("could not serve on \(address):\(port): \(text)", command: "serve")
            }
        }

        static func announce(url: String, vault: String, loopback: Bool, tls: Bool) {
            var lines: [String] = []
            lines.append("Serving the phone page for the vault \(vault).")
            if loopback {
                lines.append("Only this machine can reach it (127.0.0.1); use --lan for a phone on your network.")
            } else {
                lines.append("Note: it listens on your network: the page and the trials it sends cross it"
                             + (tls ? ", encrypted (HTTPS)." : " unencrypted (plain HTTP; --tls-cert and --tls-key encrypt them).")
                             + " Anyone with the address below, token included, can log trials.")
            }
            lines.append("")
            lines.append("Open: " + url)
            emit(lines.joined(separator: "\n"))
            if let qr = qrCode(url) { emit(qr) }
            emit("The token is new at each start. Stop with Ctrl-C; trials kept on the phone are sent once it has the new address.")
        }

        /// The URL as a QR code of terminal characters, by `qrencode` when it is on PATH.
        static func qrCode(_ text: String) -> String? {
            guard let program = ChildProcess.find("qrencode", searchPath: ProcessInfo.processInfo.environment["PATH"]) else { return nil }
            // Its own colours (white on black, readable on any terminal) unless NO_COLOR or a pipe.
            let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
            let arguments = ["-t", isatty(STDOUT_FILENO) == 1 && !noColor ? "ANSIUTF8" : "UTF8", "-m", "2", text]
            guard let ended = try? ChildProcess(program, arguments, error: .null).runCapturing(),
                  ended.termination.status == 0, !ended.output.isEmpty else { return nil }
            return String(decoding: ended.output, as: UTF8.self).trimmingCharacters(in: .newlines)
        }

        /// The first IPv4 address of an interface that is up and not loopback.
        static func lanAddress() -> String? {
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
    }
}

/// The server task's error, read once it has finished.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?
    func set(_ error: Error) { lock.lock(); stored = error; lock.unlock() }
    var error: Error? { lock.lock(); defer { lock.unlock() }; return stored }
}
