package org.maestro.common.inspection;

import java.util.Objects;
import java.util.regex.Pattern;
import org.maestro.base.net.ManagementUrl;

/**
 * One system a test inspects: its name (the directory of its files and the name on its charts), the inspector that
 * reads it ({@code artemis}, {@code dispatch} …; empty: the one that claims the URL) and its management URL. The
 * constructor refuses what no inspector peer may be given: a name that is not a simple word, a kind that is not an
 * inspector name, a URL that is too long, holds blanks or cannot be parsed.
 *
 * @param name e.g. {@code router1}: letters, digits, '.', '_', '-', 1 to {@value #MAX_NAME} characters
 * @param kind the inspector's name, or empty
 * @param url the management URL, credentials in its user part
 */
public record SystemToInspect(String name, String kind, String url) {
    /** The longest name. */
    public static final int MAX_NAME = 64;
    /** The longest management URL. */
    public static final int MAX_URL = 2048;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0," + (MAX_NAME - 1) + "}");
    private static final Pattern KIND = Pattern.compile("|[a-z0-9][a-z0-9_-]{0,31}");

    /** Checks the three parts, naming the one that is wrong and a valid example. */
    public SystemToInspect {
        Objects.requireNonNull(name, "name");
        kind = kind == null ? "" : kind;
        Objects.requireNonNull(url, "url");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("the inspected system name '" + shown(name) + "' is refused: a name has"
                    + " letters, digits, '.', '_' or '-', 1 to " + MAX_NAME + " characters, starting with a letter"
                    + " or digit (e.g. router1)");
        }
        if (!KIND.matcher(kind).matches()) {
            throw new IllegalArgumentException("the kind '" + shown(kind) + "' of inspected system " + name
                    + " is refused: it is an inspector's name such as artemis, dispatch or rabbitmq");
        }
        if (url.length() > MAX_URL || url.isEmpty() || url.chars().anyMatch(c -> c <= ' ' || c == 0x7f)) {
            throw new IllegalArgumentException("the URL of inspected system " + name + " is refused: a management"
                    + " URL of 1 to " + MAX_URL + " characters without blanks (e.g. amqp://router1:5672)");
        }
        try {
            ManagementUrl.parse(url);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "the URL of inspected system " + name + " is refused: " + e.getMessage(), e);
        }
    }

    /** The URL without its password, for messages. */
    public String redactedUrl() {
        return ManagementUrl.parse(url).redacted();
    }

    private static String shown(String text) {
        String cut = text.length() > 80 ? text.substring(0, 80) + "…" : text;
        return cut.replaceAll("\\p{Cntrl}", "?");
    }
}
