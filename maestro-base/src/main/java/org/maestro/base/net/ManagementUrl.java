package org.maestro.base.net;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The URL of a management interface, such as the system under test's (MANAGEMENT_INTERFACE), split into the address
 * to call and the credentials given in its user part, e.g. {@code http://admin:secret@broker:8161/console/jolokia}.
 *
 * <p>{@link #toString()} and {@link #redacted()} never show the password.
 */
public final class ManagementUrl {
    private final URI address;
    private final String user;
    private final String password;

    private ManagementUrl(URI address, String user, String password) {
        this.address = address;
        this.user = user;
        this.password = password;
    }

    /**
     * Parses a URL.
     *
     * @throws IllegalArgumentException when it is not an absolute URL with a host
     */
    public static ManagementUrl parse(String url) {
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(
                    "'" + UrlRedactor.redactPassword(url) + "' is not a URL: " + e.getReason());
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalArgumentException(
                    "'" + UrlRedactor.redactPassword(url) + "' is not a URL with a scheme and a host");
        }
        String user = null;
        String password = null;
        String userInfo = uri.getUserInfo();
        if (userInfo != null && !userInfo.isEmpty()) {
            int colon = userInfo.indexOf(':');
            user = colon < 0 ? userInfo : userInfo.substring(0, colon);
            password = colon < 0 ? "" : userInfo.substring(colon + 1);
        }
        try {
            URI address = new URI(
                    uri.getScheme().toLowerCase(Locale.ROOT),
                    null,
                    uri.getHost(),
                    uri.getPort(),
                    uri.getPath(),
                    uri.getQuery(),
                    null);
            return new ManagementUrl(address, user, password);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(
                    "'" + UrlRedactor.redactPassword(url) + "' is not a URL: " + e.getReason());
        }
    }

    /** The URL without credentials. */
    public URI address() {
        return address;
    }

    /** The scheme in lower case: {@code http}, {@code https}, {@code amqp}, {@code amqps}. */
    public String scheme() {
        return address.getScheme();
    }

    /** Whether the scheme is {@code plain} or its TLS form {@code plain + "s"}: {@code amqp} or {@code amqps}. */
    public boolean hasScheme(String plain) {
        return scheme().equals(plain) || scheme().equals(plain + "s");
    }

    public String host() {
        return address.getHost();
    }

    /** The port, or the given default when the URL has none. */
    public int port(int defaultPort) {
        return address.getPort() < 0 ? defaultPort : address.getPort();
    }

    /** The user of the URL's user part, if any. */
    public Optional<String> user() {
        return Optional.ofNullable(user);
    }

    /** The password of the URL's user part ({@code ""} when only a user is given), if any. */
    public Optional<String> password() {
        return Optional.ofNullable(password);
    }

    /** The value of a parameter of the URL's query, e.g. {@code broker} of {@code …/jolokia?broker=amq}, if given. */
    public Optional<String> queryParameter(String name) {
        String query = address.getQuery();
        if (query == null) {
            return Optional.empty();
        }
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            String key = equals < 0 ? pair : pair.substring(0, equals);
            if (key.equals(name)) {
                return Optional.of(equals < 0 ? "" : pair.substring(equals + 1));
            }
        }
        return Optional.empty();
    }

    /** The same URL without a parameter of its query, for a parameter meant for Maestro rather than the server. */
    public ManagementUrl withoutQueryParameter(String name) {
        String query = address.getQuery();
        if (query == null) {
            return this;
        }
        List<String> kept = new ArrayList<>();
        for (String pair : query.split("&")) {
            String key = pair.indexOf('=') < 0 ? pair : pair.substring(0, pair.indexOf('='));
            if (!key.equals(name) && !pair.isEmpty()) {
                kept.add(pair);
            }
        }
        try {
            URI without = new URI(
                    address.getScheme(),
                    null,
                    address.getHost(),
                    address.getPort(),
                    address.getPath(),
                    kept.isEmpty() ? null : String.join("&", kept),
                    null);
            return new ManagementUrl(without, user, password);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot rebuild " + redacted() + " without '" + name + "'", e);
        }
    }

    /** The URL without credentials, query or trailing slash: how a report names the endpoint. */
    public String label() {
        String path = address.getPath() == null || address.getPath().equals("/") ? "" : address.getPath();
        return address.getScheme() + "://" + address.getHost() + (address.getPort() < 0 ? "" : ":" + address.getPort())
                + path;
    }

    /**
     * The URL as given with the password and secret-looking option values replaced by {@code ***}, as
     * {@link UrlRedactor#redactPassword} shows them: safe to log and to write to result files.
     */
    public String redacted() {
        String text = address.toString();
        if (user != null) {
            int start = text.indexOf("//") + 2;
            text = text.substring(0, start) + user + ":" + UrlRedactor.MASK + "@" + text.substring(start);
        }
        return UrlRedactor.redactPassword(text);
    }

    @Override
    public String toString() {
        return redacted();
    }
}
