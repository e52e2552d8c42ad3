package org.maestro.base.net;

import java.util.regex.Pattern;

/**
 * Hides the secrets of URLs in messages, logs and result files: the password of a URL's user part and the values of
 * query options whose names look secret ({@code …password}, {@code …passwd}, {@code …secret}, {@code …token},
 * {@code …apikey}, {@code sasl.jaas.config}), each replaced by {@value #MASK}, and the same {@code name=value} pairs in
 * free text (an error message, a command line). {@link #redact} hides the whole user part (a
 * destination URL: {@code amqp://***@broker:5672/q}); {@link #redactPassword} keeps the user name, for the URLs of the
 * control broker and of management interfaces ({@code http://admin:***@broker:8161/console/jolokia}).
 *
 * <p>The user part ends at the last {@code @} of the URL's authority that has no {@code /} before it, so that a
 * password holding unencoded {@code @ # ? :} is hidden whole; a password holding a {@code /} is found too when no
 * {@code ?} comes before the {@code @}; a space after a {@code /} ends the URL, so an {@code @} in the text that follows
 * it ({@code sender-1@host}) is not taken for one. Text that holds several URLs (a failover list, an error message) has each
 * redacted. Works on any text, URL or not: nothing is parsed, nothing throws.
 */
public final class UrlRedactor {
    /** What a secret is replaced by. */
    public static final String MASK = "***";
    /** What {@link #redact} shows for a missing URL. */
    static final String NO_URL = "(no URL)";

    private static final Pattern SECRET_OPTION = Pattern.compile(
            "((?:^|[?&])[^=&?]*(?:password|passwd|secret|token|apikey|api_key|sasl\\.jaas\\.config)=)[^&]*",
            Pattern.CASE_INSENSITIVE);
    /** A secret-looking {@code name=value} in free text: the value ends at a space, {@code & ; ,} or a bracket. */
    private static final Pattern SECRET_IN_TEXT = Pattern.compile(
            "((?:^|[\\s;,(\\[{])[\\w.-]*(?:password|passwd|secret|token|apikey|api_key)=)[^\\s&;,)\\]}]+",
            Pattern.CASE_INSENSITIVE);

    private UrlRedactor() {}

    /** The URL with its whole user part and its secret option values replaced by {@value #MASK}. */
    public static String redact(String url) {
        return url == null ? NO_URL : mask(url, false);
    }

    /** The URL with the password of its user part and its secret option values replaced; the user name stays. */
    public static String redactPassword(String url) {
        return url == null ? NO_URL : mask(url, true);
    }

    private static String mask(String url, boolean keepUser) {
        StringBuilder out = new StringBuilder(url.length());
        int from = 0;
        int scheme = url.indexOf("://");
        while (scheme >= 0) {
            int start = scheme + 3;
            int next = url.indexOf("://", start);
            int at = userPartEnd(url, start, next < 0 ? url.length() : next);
            out.append(url, from, start);
            from = start;
            if (at >= 0) {
                int colon = url.indexOf(':', start);
                if (!keepUser) {
                    out.append(MASK);
                    from = at;
                } else if (colon >= 0 && colon < at) {
                    out.append(url, start, colon + 1).append(MASK);
                    from = at;
                }
            }
            scheme = next;
        }
        out.append(url, from, url.length());
        String masked = SECRET_OPTION.matcher(out).replaceAll("$1" + MASK);
        return SECRET_IN_TEXT.matcher(masked).replaceAll("$1" + MASK);
    }

    /** The index of the {@code @} that ends the user part of the authority in {@code [start, end)}, or -1. */
    private static int userPartEnd(String url, int start, int end) {
        int at = -1;
        boolean slash = false;
        boolean query = false;
        boolean colonBeforeSlash = false;
        for (int i = start; i < end; i++) {
            char c = url.charAt(i);
            if (slash && Character.isWhitespace(c)) {
                // past the authority a URL has no space: what follows is text (a message naming peer@host)
                break;
            }
            if (c == '@' && (!slash || (colonBeforeSlash && !query))) {
                at = i;
            } else if (c == '/') {
                slash = true;
            } else if (c == ':' && !slash) {
                colonBeforeSlash = true;
            } else if (c == '?') {
                query = true;
            }
        }
        return at;
    }
}
