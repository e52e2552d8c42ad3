package org.maestro.common.transport;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import org.maestro.base.net.UrlRedactor;

/**
 * Where the control broker is and how to log in: parsed from {@code mqtt://[user:password@]host:port} (plain) or
 * {@code mqtts://…} (TLS, trust store from the standard {@code javax.net.ssl.*} system properties). When the URL names
 * a user but no password, the password comes from {@value #PASSWORD_VARIABLE}, so that it need not appear on a
 * command line. The password is never part of {@link #toString()}.
 */
public final class MqttEndpoint {
    /** The accepted forms, for error messages. */
    public static final String FORMS = "mqtt://host:port or mqtts://host:port, optionally with user:password@";
    /** The environment variable that gives the password when the URL names only the user. */
    public static final String PASSWORD_VARIABLE = "MAESTRO_BROKER_PASSWORD";

    private final boolean tls;
    private final String host;
    private final int port;
    private final String user;
    private final char[] password;

    private MqttEndpoint(boolean tls, String host, int port, String user, char[] password) {
        this.tls = tls;
        this.host = host;
        this.port = port;
        this.user = user;
        this.password = password;
    }

    /**
     * Parses a control broker URL; {@code tcp://} and {@code ssl://} (Paho's names) are accepted too. A URL with a
     * user and no password takes the password from the environment variable {@value #PASSWORD_VARIABLE}.
     *
     * @throws IllegalArgumentException naming the URL (without its password) and the accepted forms
     */
    public static MqttEndpoint parse(String url) {
        return parse(url, System::getenv);
    }

    /**
     * Like {@link #parse(String)}, with the environment variables given as a function (for tests).
     *
     * @throws IllegalArgumentException naming the URL (without its password) and the accepted forms
     */
    public static MqttEndpoint parse(String url, Function<String, String> environment) {
        Objects.requireNonNull(url, "url");
        URI uri;
        try {
            uri = URI.create(url.trim());
        } catch (IllegalArgumentException e) {
            throw invalid(url);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        boolean tls = switch (scheme) {
            case "mqtt", "tcp" -> false;
            case "mqtts", "ssl" -> true;
            default -> throw invalid(url);
        };
        if (uri.getHost() == null) {
            throw invalid(url);
        }
        int port = uri.getPort() > 0 ? uri.getPort() : (tls ? 8883 : 1883);
        String user = null;
        char[] password = null;
        if (uri.getRawUserInfo() != null) {
            String[] parts = uri.getRawUserInfo().split(":", 2);
            user = URLDecoder.decode(parts[0], StandardCharsets.UTF_8);
            if (parts.length > 1) {
                password = URLDecoder.decode(parts[1], StandardCharsets.UTF_8).toCharArray();
            } else {
                String fromEnvironment = environment.apply(PASSWORD_VARIABLE);
                if (fromEnvironment != null && !fromEnvironment.isEmpty()) {
                    password = fromEnvironment.toCharArray();
                }
            }
        }
        return new MqttEndpoint(tls, uri.getHost(), port, user, password);
    }

    private static IllegalArgumentException invalid(String url) {
        String passwordHint = url.contains("@")
                ? " (write @ : / # ? % in a password as %40 %3A %2F %23 %3F %25, or "
                        + "give only the user in the URL and the password in " + PASSWORD_VARIABLE + ")"
                : "";
        return new IllegalArgumentException("'" + UrlRedactor.redactPassword(url)
                + "' is not a control broker URL: expected " + FORMS + passwordHint);
    }

    /** The URI Paho connects to ({@code tcp://host:port} or {@code ssl://host:port}). */
    public String pahoUri() {
        return (tls ? "ssl://" : "tcp://") + host + ":" + port;
    }

    public boolean tls() {
        return tls;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    /** The user name, or null. */
    public String user() {
        return user;
    }

    /** A copy of the password, or null. */
    public char[] password() {
        return password == null ? null : password.clone();
    }

    /** The URL with the password hidden, e.g. {@code mqtt://host:1883} or {@code mqtts://maestro:***@host:8883}. */
    @Override
    public String toString() {
        String login = user == null ? "" : password == null ? user + "@" : user + ":***@";
        return (tls ? "mqtts://" : "mqtt://") + login + host + ":" + port;
    }
}
