import AfterflowKit
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// How a live logging run ended.
enum LiveOutcome {
    /// `q`: the session is to be ended.
    case ended
    /// Left without ending (Ctrl-C, a signal, the terminal closed): the signal, if one.
    case left(Int32?)
}

/// The keys both front ends share, applied to the logger. Returns an outcome when the run is over.
/// `note` is the note being typed, nil when none is.
func applyLiveKey(_ key: LiveKey, to logger: LiveLogger, note: inout String?, onNote: (String?) -> Void) -> LiveOutcome? {
    switch logger.press(key, note: &note, onNote: onNote) {
    case .end: return .ended
    case .interrupt: return .left(SIGINT)
    case nil: return nil
    }
}

/// The full-screen logger: alternate screen, raw keys, redrawn when anything shown changes.
struct LiveScreen {
    let logger: LiveLogger
    let term: Terminal

    func run() -> LiveOutcome {
        guard let raw = RawTerminal(fullScreen: true) else { return .left(nil) }
        defer { raw.restore() }
        LiveSignals.install()
        let reader = KeyReader()
        var shown: [String] = []
        var size = RawTerminal.size()
        var note: String?
        var flashOff: Double?
        defer { if flashOff != nil { RawTerminal.write("\u{1B}[?5l") } }
        while true {
            if let signal = LiveSignals.stop { return .left(signal) }
            if logger.intervalEnded() {
                // The vault's signal at an interval's end: the bell, or the screen in reverse video for a moment.
                switch logger.intervalSignal {
                case .bell: RawTerminal.write("\u{07}")
                case .flash:
                    RawTerminal.write("\u{1B}[?5h")
                    flashOff = LiveLogger.now() + 0.2
                case .none: break
                }
            }
            if let off = flashOff, LiveLogger.now() >= off {
                RawTerminal.write("\u{1B}[?5l")
                flashOff = nil
            }
            if LiveSignals.takeResize() {
                size = RawTerminal.size()
                shown = []
                RawTerminal.write("\u{1B}[2J")
            }
            _ = logger.tick()
            let lines = render(columns: size.columns, rows: size.rows, note: note)
            if lines != shown {
                var out = "\u{1B}[H"
                for (i, line) in lines.enumerated() {
                    out += line + "\u{1B}[0m\u{1B}[K" + (i < lines.count - 1 ? "\r\n" : "")
                }
                RawTerminal.write(out)
                shown = lines
            }
            let keys = reader.read(timeout: 0.1)
            if reader.atEnd { return .left(SIGHUP) }
            for key in keys {
                if let outcome = applyLiveKey(key, to: logger, note: &note, onNote: { _ in }) { return outcome }
            }
        }
    }

    func render(columns: Int, rows: Int, note: String?) -> [String] {
        LiveScreenContent(session: logger.session, moment: LiveLogger.moment(), colors: term.colors).lines(columns: columns, rows: rows, note: note)
    }
}

/// `--plain`: one line printed per trial, keys read one by one on a terminal or line by line
/// from a pipe; no screen drawn, no colour, for screen readers and logs.
struct LivePlain {
    let logger: LiveLogger

    private func say(_ text: String) {
        RawTerminal.write(text.visible() + "\n")
    }

    func run() -> LiveOutcome {
        let raw = RawTerminal(fullScreen: false)
        defer { raw?.restore() }
        LiveSignals.install()
        let reader = KeyReader()
        for line in logger.plainIntro { say(line) }
        var note: String?
        while true {
            if let signal = LiveSignals.stop { return .left(signal) }
            _ = logger.tick()
            if logger.intervalEnded() {
                if raw != nil, logger.intervalSignal == .bell { RawTerminal.write("\u{07}") }
                for line in logger.session.plainIntervalLines(at: LiveLogger.moment()) { say(line) }
            }
            let keys = reader.read(timeout: 0.1)
            if reader.atEnd && keys.isEmpty {
                logger.settle()
                return .left(nil)
            }
            for key in keys {
                // From a pipe a line's end ends the line, not a choice (except a note's).
                if raw == nil, key == .enter, note == nil { continue }
                let before = logger.mark
                let choosing = logger.pending != nil
                let wasTyping = note != nil
                let outcome = applyLiveKey(key, to: logger, note: &note) { text in
                    if let text, !wasTyping { RawTerminal.write("note: " + text.visible()) }
                    if raw != nil, wasTyping, text != nil, case .character(let c) = key { RawTerminal.write(String(c)) }
                    if raw != nil, wasTyping, text != nil, key == .backspace { RawTerminal.write("\u{8} \u{8}") }
                }
                if wasTyping && note == nil && raw != nil { RawTerminal.write("\n") }
                if let outcome { return outcome }
                report(before: before, chose: choosing && logger.pending == nil && !wasTyping && key.isCueChoice)
            }
        }
    }

    private func report(before: LiveTrialSession.Mark, chose: Bool) {
        for line in logger.session.plainReport(since: before, chose: chose, at: LiveLogger.now()) { say(line) }
    }
}
