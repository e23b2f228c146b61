import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An editor that saves one session file every 50 ms while `afterflow set` changes it, as a
/// thread of the test: each save is the editor's own buffer (the file it started from, plus one
/// new line `editor save N` each time), written the way editors write.
///
/// Before each save it reads the file and notes when its previous save is no longer there, with
/// the `dose` of what it found (`set-K` names the `set` run that wrote it). The check that
/// follows is about which runs succeeded, not about when anything happened.
private final class RacingEditor: @unchecked Sendable {
    enum Style { case rename, inPlace }

    struct Missing {
        /// The editor's save that was no longer in the file.
        var save: Int
        /// The `dose` of what was there instead.
        var dose: String?
    }

    let path: String
    let style: Style
    let head: String
    let tail: String
    private let mutex = NSLock()
    private var stopping = false
    private var done = false
    private var count = 0
    private var missing: [Missing] = []
    private var lines: [String] = []

    init(path: String, style: Style, head: String, tail: String) {
        self.path = path
        self.style = style
        self.head = head
        self.tail = tail
    }

    /// The file's text after the editor's save `n`.
    func text(upTo n: Int) -> String {
        head + (0..<n).map { "editor save \($0 + 1)\n" }.joined() + tail
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.start()
    }

    /// Stops after the save under way; returns the number of saves and what was found missing.
    func stop() -> (saves: Int, missing: [Missing]) {
        mutex.lock()
        stopping = true
        mutex.unlock()
        while true {
            mutex.lock()
            if done {
                defer { mutex.unlock() }
                return (count, missing)
            }
            mutex.unlock()
            usleep(1_000)
        }
    }

    private func run() {
        var n = 0
        while true {
            mutex.lock()
            let stop = stopping
            mutex.unlock()
            if stop { break }
            if n > 0, let current = try? String(contentsOfFile: path, encoding: .utf8), !current.contains("editor save \(n)\n") {
                let dose = current.components(separatedBy: "\n").first { $0.hasPrefix("dose: ") }.map { String($0.dropFirst(6)) }
                mutex.lock()
                missing.append(Missing(save: n, dose: dose))
                mutex.unlock()
            }
            n += 1
            let bytes = Array(text(upTo: n).utf8)
            switch style {
            case .rename:
                let temp = path + ".editor-swp"
                let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
                if fd >= 0 {
                    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    close(fd)
                    rename(temp, path)
                }
            case .inPlace:
                let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
                if fd >= 0 {
                    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    close(fd)
                }
            }
            mutex.lock()
            count = n
            mutex.unlock()
            usleep(50_000)
        }
        mutex.lock()
        done = true
        mutex.unlock()
    }
}

@Suite("an editor saving while afterflow writes")
struct EditorRaceTests {
    @Test("300 'set' runs while an editor saves every 50 ms lose none of its saves",
          arguments: ["rename", "in place"])
    func noSaveIsLost(style: String) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let relative = "sessions/2024/2024-12-10-psilocybin.md"
            let head = """
                ---
                id: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34
                date: 2024-12-10T14:30:00-08:00
                treatment: psilocybin
                mood_before: 5
                status: needs-reflection
                ---
                # Psilocybin • Dec 10, 2024

                ## Intention

                Listen.

                ## Environment


                """
            let tail = "\n## Reflections\n"
            let editor = RacingEditor(path: vault + "/" + relative, style: style == "rename" ? .rename : .inPlace, head: head, tail: tail)
            try sandbox.write(vault + "/" + relative, editor.text(upTo: 0))
            editor.start()
            var statuses: [String: Int32] = [:]
            for k in 1...300 {
                let result = try sandbox.run(["set", relative, "dose=set-\(k)"], directory: vault)
                statuses["set-\(k)"] = result.status
                if result.status != 0 { #expect(result.status == 1, "\(result)") }
            }
            let (saves, missing) = editor.stop()
            let final = try sandbox.readText(vault + "/" + relative)

            #expect(saves > 10, "the editor saved while set ran")
            #expect(statuses.values.contains(0), "some set runs succeeded")
            // The editor's last save is in the file: as written, or with a set that read it on top.
            #expect(final.contains("editor save \(saves)\n"), "the last save is there:\n\(final)")
            // A set that succeeded wrote what it had read; when that lacked a save the editor had
            // already made, the set replaced a save it did not read. (A refused run may show its
            // version for an instant before putting the editor's back, which is not a loss.)
            let lost = missing.filter { found in found.dose.map { statuses[$0] == 0 } ?? false }
            #expect(lost.isEmpty, "set runs replaced editor saves they had not read: \(lost.map { "save \($0.save) by \($0.dose ?? "?")" })")
            #expect(sandbox.files(under: vault + "/sessions/2024").filter { $0.hasSuffix(".tmp") }.isEmpty, "no temporary file is left")
        }
    }
}
