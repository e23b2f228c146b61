import AfterflowKit
import AfterflowServer
import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension Afterflow {
    struct Serve: DisclosingCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the phone page for logging trials live, on this machine or your network.",
            discussion: """
                Starts a small web server for the phone in your hand: pick a client, start a session of their active goals, then swipe up for a success and down for a failure (or tap the large buttons), left and right for the goal; choose the cue within 3 seconds or it is the goal's default; undo; end for the summary. Behaviour goals get a card each beside the trial buttons: +1 for a count, Start/Stop for a duration (several may run), Cue then Response or None for a latency, + or − for each interval as it ends, Incident (a picker) for an ABC goal, Run (the step list) for a task; the end form lists the count, duration and ABC goals with no line this session, none ticked, and a goal ticked (watched, did not occur) gets its none line. Trials and events go into the same session files as afterflow log, in the lines afterflow record writes, and both may log into one session at once.

                Tick Probe session before Start for a probe (as trials start --probe). End session asks, for the claim, the service (the vault's services, default_service chosen first), the place (places) and who was there (participants, several), all from .afterflow/config.yml, and writes them as trials end --service, --place and --participants do.

                It listens on 127.0.0.1 (this machine only) unless you give --lan. Each start makes a new random token: every request without it is refused, and an address that keeps guessing is slowed down. Open the address it prints (with the token); where qrencode is installed it prints a QR code of it too. Each start is logged as a disclosure, with its address but not its token (see 'afterflow disclosures').

                Nothing is lost when the connection drops: the page keeps each trial and event on the phone until the server has it on disk, then sends it with its original time, once. After a restart the token is new: open the new address on the phone, and what it kept is sent then. Keep the same --port so that the phone finds what it kept (browsers keep storage per address and port).

                With --journal it also serves your own journal at /journal, and prints that address: a check-in in three taps, the sessions that need reflection, a new session, the questionnaires (PHQ-9, GAD-7) and the reminders that have come, saved as afterflow mood, reflect, new, set and assess save them. Add it to the phone's home screen to open it full-screen; over HTTPS it opens with the server away, too. What you type while the server is away waits on the phone, with its time, and is saved once.

                Examples:
                  afterflow serve                      this machine only (port 8760)
                  afterflow serve --journal --lan      your journal on your phone
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

        @Flag(help: "Also serve your journal at /journal (check-ins, reflections, new sessions, questionnaires, reminders), and print its address.")
        var journal = false

        @OptionGroup var disclosureOptions: DisclosureOptions

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
                guard let found = ServeAddress.lan() else {
                    throw usageError("this machine has no network address besides 127.0.0.1; join a network, or leave out --lan", command: "serve")
                }
                address = found
            } else {
                address = "127.0.0.1"
            }
            let backend = PhoneBackend(store: practice.store, neutral: neutral)
            let tls = tlsCert.flatMap { cert in tlsKey.map { (cert: cert, key: $0) } }
            let journalBackend = journal ? JournalBackend(store: practice.store, secure: tls != nil, clock: { CommandClock.now }) : nil
            let server = PhoneServer(backend: backend, journal: journalBackend, host: address, port: port, tls: tls)
            let page = journal ? "/journal" : "/"
            let scheme = tls == nil ? "http" : "https"
            let vaultShown = practice.vault.root
            let loopback = ServeAddress.isLoopback(address)
            let done = DispatchSemaphore(value: 0)
            let outcome = ServerOutcome()
            // Logged once the port is bound, before the address (and its token) is shown: no
            // page can be asked for before that.
            let disclosure = disclosureOptions.disclosure(by: Self.self, vault: practice.vault, now: CommandClock.now, what: journal ? "phone page and journal" : "phone page",
                                                          clients: practice.store.clientShorts(), to: DisclosureDestination(.serve), ongoing: true)
            Task.detached {
                do {
                    try await server.run { bound in
                        Serve.log(disclosure, at: "\(scheme)://\(address):\(bound)")
                        let url = ServeAddress.url(scheme: scheme, host: address, port: Int(bound), token: server.token, page: page)
                        Serve.announce(url: url, vault: vaultShown, loopback: loopback, tls: tls != nil, journal: page != "/")
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

        /// Logs the disclosure at the address served (without its token); stops the server when
        /// it cannot be logged.
        static func log(_ disclosure: PendingDisclosure, at address: String) {
            var disclosure = disclosure
            disclosure.entry.destination.target = address
            do {
                try disclosure.begin()
            } catch {
                Foundation.exit(Exit.dataProblem.rawValue)
            }
        }

        static func announce(url: String, vault: String, loopback: Bool, tls: Bool, journal: Bool) {
            var lines: [String] = []
            lines.append("Serving the phone page" + (journal ? " and your journal" : "") + " for the vault \(vault).")
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

        /// The URL as a QR code of terminal characters, by `qrencode` when it is on PATH: its own
        /// colours unless NO_COLOR or a pipe.
        static func qrCode(_ text: String) -> String? {
            let environment = ProcessInfo.processInfo.environment
            let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
            return ServeAddress.qrCode(text, searchPath: environment["PATH"], colors: isatty(STDOUT_FILENO) == 1 && !noColor)
        }
    }
}

/// The server task's error, read once it has finished.
private final class ServerOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?
    func set(_ error: Error) { lock.lock(); stored = error; lock.unlock() }
    var error: Error? { lock.lock(); defer { lock.unlock() }; return stored }
}
