package org.maestro.common.protocol;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The rule a peer's id, name, host and role must follow, checked where they enter (every decoded reply, notification
 * and DATA note, and a peer's own configuration): they become directory names ({@code <name>@<host>}) and MQTT
 * topics ({@code /mpt/peer/<id>}) on the client, so only a bounded run of letters, digits, {@code .}, {@code _} and
 * {@code -} is allowed, starting with a letter or a digit: no path separator, no {@code @}, no {@code .} or
 * {@code ..}, no MQTT wildcard, no control character.
 */
public final class PeerNames {
    /** The longest peer id, name or role accepted. */
    public static final int MAX_NAME = 64;
    /** The longest host accepted (a DNS name's limit). */
    public static final int MAX_HOST = 253;
    /** The rule in words, for error messages. */
    public static final String RULE = "1 to " + MAX_NAME + " (a host: " + MAX_HOST + ") letters, digits, '.', '_' or "
            + "'-', starting with a letter or a digit";

    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final int ESCAPED_LENGTH = 80;

    private PeerNames() {}

    /**
     * Why a peer's identity breaks the rule, or empty when it follows it.
     *
     * @return e.g. {@code name "/etc" breaks the rule: 1 to 64 letters, …}
     */
    public static Optional<String> check(PeerInfo peer) {
        return check("id", peer.id(), MAX_NAME)
                .or(() -> check("name", peer.name(), MAX_NAME))
                .or(() -> check("host", peer.host(), MAX_HOST))
                .or(() -> check("role", peer.role(), MAX_NAME));
    }

    /** Why one field breaks the rule, or empty when it follows it. */
    public static Optional<String> check(String field, String value, int maxLength) {
        if (value == null || value.isEmpty()) {
            return Optional.of(field + " is empty; it must be " + RULE);
        }
        if (value.length() > maxLength) {
            return Optional.of(field + " of " + value.length() + " characters is longer than " + maxLength);
        }
        if (!SAFE.matcher(value).matches()) {
            return Optional.of(field + " " + escape(value) + " breaks the rule: " + RULE);
        }
        return Optional.empty();
    }

    /** Throws when a name or host of this peer's own configuration breaks the rule, saying which and how. */
    public static String requireValid(String field, String value, int maxLength) {
        check(field, value, maxLength).ifPresent(why -> {
            throw new IllegalArgumentException("peer " + why);
        });
        return value;
    }

    /**
     * A text from a peer as it may go into a log line or a report: in double quotes, control and non-ASCII characters
     * (and quote and backslash) as {@code \\uXXXX} escapes, cut after {@value #ESCAPED_LENGTH} characters.
     */
    public static String escape(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder("\"");
        int shown = Math.min(text.length(), ESCAPED_LENGTH);
        for (int i = 0; i < shown; i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
        if (text.length() > shown) {
            out.append("… (").append(text.length()).append(" characters)");
        }
        return out.toString();
    }

    /** A peer for log lines and reports, every field escaped: {@code "name"@"host" (role "r", id "i")}. */
    public static String describe(PeerInfo peer) {
        return escape(peer.name()) + "@" + escape(peer.host()) + " (role " + escape(peer.role()) + ", id "
                + escape(peer.id()) + ")";
    }
}
