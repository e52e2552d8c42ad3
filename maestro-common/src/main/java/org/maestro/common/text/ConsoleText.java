package org.maestro.common.text;

import java.util.regex.Pattern;
import org.maestro.base.net.UrlRedactor;

/**
 * Makes text from peers and systems under test (names, error messages) safe to print on a terminal: terminal escape
 * sequences (colours, cursor moves, window titles, hyperlinks) and other control characters are removed, so that a
 * hostile name cannot rewrite the screen or fake a line, and credentials are hidden ({@link UrlRedactor}).
 *
 * <pre>{@code
 * out.println(ConsoleText.clean(peerName + ": " + error));
 * }</pre>
 */
public final class ConsoleText {
    /** CSI ({@code ESC [ … final}), OSC/DCS/APC/PM/SOS strings up to BEL or ST, and two-character escapes. */
    private static final Pattern ESCAPE = Pattern.compile("\\u001B\\[[0-?]*[ -/]*[@-~]"
            + "|\\u001B[\\]PX^_][^\\u0007\\u001B]*(?:\\u0007|\\u001B\\\\)?"
            + "|\\u009B[0-?]*[ -/]*[@-~]"
            + "|\\u001B[ -/]*[0-~]?");
    /** C0 controls but tab and line feed, DEL and C1 controls. */
    private static final Pattern CONTROL = Pattern.compile("[\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]");

    private ConsoleText() {}

    /** The text without escape sequences, control characters (tab and line feed stay) and credentials. */
    public static String clean(String text) {
        if (text == null) {
            return null;
        }
        String plain = CONTROL.matcher(ESCAPE.matcher(text).replaceAll("")).replaceAll("");
        return UrlRedactor.redactPassword(plain);
    }

    /** The text as {@link #clean} makes it, on one line: line feeds and tabs become spaces. */
    public static String oneLine(String text) {
        String clean = clean(text);
        return clean == null ? null : clean.replace('\n', ' ').replace('\t', ' ');
    }
}
