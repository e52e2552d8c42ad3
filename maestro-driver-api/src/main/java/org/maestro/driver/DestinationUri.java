package org.maestro.driver;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.maestro.base.net.UrlRedactor;

/**
 * The parts of a destination URL of the form {@code scheme://user:password@host:port/path?query}, read the same way
 * for the drivers whose URLs have it: the URL checked (a URL, one of the driver's schemes, a host), the user
 * information percent-decoded and the query as {@link QueryOptions}; messages show the URL redacted. Immutable.
 */
public final class DestinationUri {
    private final URI uri;
    private final String scheme;
    private final String shown;
    private final String url;

    private DestinationUri(URI uri, String scheme, String shown, String url) {
        this.uri = uri;
        this.scheme = scheme;
        this.shown = shown;
        this.url = url;
    }

    /**
     * Parses {@code url}, refusing one that is not a URL or names no host ({@code write e.g. <example>}), or whose
     * scheme is not one of {@code schemes}: {@code the URL <shown> <notOurs>}, e.g. {@code is not a NATS URL: write
     * nats://host:4222/subject}.
     */
    public static DestinationUri parse(String url, List<String> schemes, String example, String notOurs)
            throws DriverException {
        String shown = UrlRedactor.redact(url);
        URI uri;
        try {
            uri = new URI(url == null ? "" : url.trim());
        } catch (Exception e) {
            throw new DriverException("'" + shown + "' is not a valid URL: write e.g. " + example);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!schemes.contains(scheme)) {
            throw new DriverException("the URL " + shown + " " + notOurs);
        }
        if (uri.getHost() == null) {
            throw new DriverException("the URL " + shown + " names no host: write e.g. " + example);
        }
        return new DestinationUri(uri, scheme, shown, url);
    }

    /** The scheme, in lower case. */
    public String scheme() {
        return scheme;
    }

    /** The URL as messages show it: user information and password options replaced by {@code ***}. */
    public String shown() {
        return shown;
    }

    /** The host. */
    public String host() {
        return uri.getHost();
    }

    /** The port, or {@code absent} when the URL gives none. */
    public int port(int absent) {
        return uri.getPort() >= 0 ? uri.getPort() : absent;
    }

    /** The path as written (percent-encoded), or {@code ""}. */
    public String rawPath() {
        return uri.getRawPath() == null ? "" : uri.getRawPath();
    }

    /** Refuses a URL with a fragment ({@code #…}): {@code the URL <shown> has a '#' (fragment): <advice>}. */
    public void refuseFragment(String advice) throws DriverException {
        if (uri.getRawFragment() != null) {
            throw new DriverException("the URL " + shown + " has a '#' (fragment): " + advice);
        }
    }

    /** The user information as written (percent-encoded), or null. */
    public String rawUserInfo() {
        return uri.getRawUserInfo();
    }

    /** The user of the user information, percent-decoded, or null when there is none. */
    public String user() {
        String info = uri.getRawUserInfo();
        if (info == null) {
            return null;
        }
        int colon = info.indexOf(':');
        return decode(colon < 0 ? info : info.substring(0, colon));
    }

    /** The password of the user information, percent-decoded, or null when it has none (no {@code :}). */
    public String password() {
        String info = uri.getRawUserInfo();
        if (info == null || info.indexOf(':') < 0) {
            return null;
        }
        return decode(info.substring(info.indexOf(':') + 1));
    }

    /** The query's options. */
    public QueryOptions options() {
        return QueryOptions.parse(url, uri.getRawQuery());
    }

    /** Percent-decodes a part of a URL, keeping {@code +} as it is (it means a space only in forms). */
    public static String decode(String text) {
        return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
