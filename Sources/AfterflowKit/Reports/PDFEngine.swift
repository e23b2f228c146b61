import Foundation

/// A program on this machine that prints HTML to PDF: Chromium or Chrome in headless mode, or
/// WeasyPrint. Afterflow ships none; it uses the first it finds on `PATH`.
///
/// The page is a local file that fetches nothing (its content security policy forbids it), and
/// the browser runs with a throwaway profile, without extensions, sync or background requests,
/// resolving no host name and with a proxy that leads nowhere. Where the system allows it, the
/// program runs in a network namespace of its own, which has no interface but loopback: nothing
/// it tries can leave the machine.
public struct PDFEngine: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case chromium, weasyprint
    }

    public var kind: Kind
    /// The absolute path of the program.
    public var executable: String

    /// The programs looked for, in order.
    public static let candidates: [(name: String, kind: Kind)] = [
        ("chromium", .chromium), ("chromium-browser", .chromium), ("google-chrome", .chromium),
        ("google-chrome-stable", .chromium), ("weasyprint", .weasyprint),
    ]

    /// What to install when none is found, one line each.
    public static let installAdvice = [
        "Debian or Ubuntu: sudo apt-get install -y chromium   (or: sudo apt-get install -y weasyprint)",
        "macOS: brew install --cask chromium   (or: brew install weasyprint)",
        "Other systems: install Chromium, Google Chrome or WeasyPrint so that it is on your PATH.",
    ]

    public init(kind: Kind, executable: String) {
        self.kind = kind
        self.executable = executable
    }

    /// The first engine on `searchPath` (a `PATH` value), or nil.
    public static func find(searchPath: String?) -> PDFEngine? {
        for (name, kind) in candidates {
            if let path = ChildProcess.find(name, searchPath: searchPath) { return PDFEngine(kind: kind, executable: path) }
        }
        return nil
    }

    /// The command line that prints `html` (a file) to `pdf`; `profile` is an empty folder for
    /// Chromium's settings.
    public func arguments(html: String, pdf: String, profile: String) -> [String] {
        switch kind {
        case .chromium:
            return [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                "--user-data-dir=" + profile, "--no-first-run", "--no-default-browser-check",
                "--disable-extensions", "--disable-sync", "--disable-background-networking",
                "--disable-component-update", "--disable-default-apps", "--mute-audio",
                // Nothing reaches out: no host resolves, every request would go to a closed port
                // on this machine, and the services that phone home are off.
                "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=socks5://127.0.0.1:9",
                "--disable-features=" + PDFEngine.disabledFeatures.joined(separator: ","),
                "--disable-domain-reliability", "--disable-client-side-phishing-detection", "--no-pings",
                "--disable-breakpad", "--dns-prefetch-disable", "--metrics-recording-only",
                "--print-to-pdf=" + pdf, "file://" + html,
            ]
        case .weasyprint:
            return [html, pdf]
        }
    }

    /// Chromium features that would make requests of their own.
    static let disabledFeatures = [
        "OptimizationHints", "MediaRouter", "DialMediaRouteProvider", "Translate", "NetworkTimeServiceQuerying",
        "AutofillServerCommunication", "CertificateTransparencyComponentUpdater", "DnsOverHttps", "AsyncDns",
    ]

    /// How to start a program in a network namespace with only loopback: `unshare --net` (as
    /// root) or `unshare --net --map-root-user` (through a user namespace), whichever works here;
    /// nil when neither does (macOS, or a system that forbids both).
    static func isolation(searchPath: String?) -> [String]? {
        guard let unshare = ChildProcess.find("unshare", searchPath: searchPath)
            ?? ["/usr/bin/unshare", "/bin/unshare"].first(where: FileIO.isExecutable) else {
            return nil
        }
        for flags in [["--net"], ["--net", "--map-root-user"]] {
            let probe = ChildProcess(unshare, flags + ["true"], input: .null, output: .null, error: .null)
            guard let ended = try? probe.run() else { return nil }
            if ended.status == 0 { return [unshare] + flags }
        }
        return nil
    }

    /// Prints `html` (the page's text) to PDF and returns its bytes.
    ///
    /// The page goes into a private temporary folder (0700, the file 0600) that is removed
    /// afterwards, with the browser's profile. Fails when the program fails, takes longer than
    /// `timeout` seconds (on the monotonic clock), or writes no PDF. The program runs with
    /// `environment` (the caller's, whose `PATH` finds `unshare`; `HOME` is set to the folder).
    /// `temporaryBase` is where that folder goes (the caller's `$TMPDIR`; `/tmp` when nil).
    public func render(_ html: String, environment: [String: String], timeout: TimeInterval = 120,
                       temporaryBase: String? = nil) throws(VaultError) -> [UInt8] {
        let folder = try FileIO.makeTemporaryFolder(prefix: "afterflow-pdf", in: temporaryBase)
        defer { FileIO.removeTree(folder) }
        let page = folder + "/report.html"
        let output = folder + "/report.pdf"
        let profile = folder + "/profile"
        try FileIO.create(page, contents: Array(html.utf8))
        try FileIO.createDirectories(profile)

        var environment = environment
        let command = (PDFEngine.isolation(searchPath: environment["PATH"]) ?? []) + [executable]
            + arguments(html: page, pdf: output, profile: profile)
        environment["HOME"] = folder
        let log = folder + "/log"
        try FileIO.create(log, contents: [])
        let logHandle = FileHandle(forWritingAtPath: log)
        let logStream: ChildProcess.Stream = logHandle.map { .file($0) } ?? .null
        let child = ChildProcess(command[0], Array(command.dropFirst()), environment: environment,
                                 input: .null, output: logStream, error: logStream)
        let process: ChildProcess.Running
        do {
            process = try child.start()
        } catch {
            throw VaultError(.io, "cannot run \(executable): \(error.reason)")
        }
        let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, timeout) * 1000))
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                _ = process.wait()
                throw VaultError(.io, "\(executable) did not finish printing the report in \(Int(timeout)) seconds; try again, or export html and print it from a browser")
            }
            usleep(20_000)
        }
        try? logHandle?.close()
        let bytes = (try? FileIO.read(output)) ?? []
        let status = process.wait().status
        guard status == 0, bytes.starts(with: Array("%PDF".utf8)) else {
            let lines = (try? FileIO.read(log)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let tail = lines.split(separator: "\n").suffix(5).map { "  " + $0 }
            throw VaultError(.io, "\(executable) could not print the report (exit \(status)); export html and print it from a browser instead",
                             details: tail)
        }
        return bytes
    }
}
