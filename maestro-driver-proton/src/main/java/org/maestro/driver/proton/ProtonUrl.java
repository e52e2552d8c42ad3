package org.maestro.driver.proton;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.maestro.driver.DriverException;

/**
 * A destination URL of the Proton-J driver: {@code proton://host:5672/address?type=queue&durable=false&credit=1000}.
 * Immutable.
 */
public record ProtonUrl(String host, int port, String address, boolean topic, boolean durable, int credit) {
    /** The options this driver reads. */
    public static final List<String> OPTIONS = List.of("type", "durable", "credit");
    /** The AMQP port when the URL gives none. */
    public static final int DEFAULT_PORT = 5672;
    /** The receiver's link credit when the URL gives none. */
    public static final int DEFAULT_CREDIT = 1000;

    /** Parses a URL; throws naming the offending part and what is accepted. */
    public static ProtonUrl parse(String url) throws DriverException {
        URI uri;
        try {
            uri = new URI(url == null ? "" : url.trim());
        } catch (Exception e) {
            throw new DriverException("'" + url + "' is not a valid URL: " + e.getMessage());
        }
        if (uri.getHost() == null) {
            throw new DriverException("the URL " + url + " names no host: write e.g. proton://host:5672/queue");
        }
        if (uri.getUserInfo() != null) {
            throw new DriverException("the proton driver connects anonymously (SASL ANONYMOUS) and takes no user "
                    + "information: use an amqp:// URL (Qpid JMS driver) for user name and password");
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        String address = URLDecoder.decode(path.startsWith("/") ? path.substring(1) : path, StandardCharsets.UTF_8);
        if (address.isEmpty()) {
            throw new DriverException("the URL " + url + " names no destination: add /<queue or topic name>, "
                    + "e.g. proton://host:5672/test.queue");
        }
        boolean topic = false;
        boolean durable = false;
        int credit = DEFAULT_CREDIT;
        String query = uri.getRawQuery();
        if (query != null) {
            for (String pair : query.split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int equals = pair.indexOf('=');
                String name = equals < 0 ? pair : pair.substring(0, equals);
                String value = equals < 0 ? "" : pair.substring(equals + 1).toLowerCase(Locale.ROOT);
                switch (name) {
                    case "type" -> topic = choice(url, name, value, List.of("queue", "topic")).equals("topic");
                    case "durable" -> durable = choice(url, name, value, List.of("true", "false")).equals("true");
                    case "credit" -> credit = credit(url, value);
                    default -> throw new DriverException("unknown option '" + name + "' in URL " + url
                            + "; known options: " + String.join(", ", OPTIONS) + " (see docs/drivers.md)");
                }
            }
        }
        return new ProtonUrl(uri.getHost(), uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort(), address, topic, durable,
                credit);
    }

    private static String choice(String url, String option, String value, List<String> accepted)
            throws DriverException {
        if (!accepted.contains(value)) {
            throw new DriverException("option " + option + "=" + value + " in URL " + url + " is not valid: expected "
                    + String.join(" or ", accepted));
        }
        return value;
    }

    private static int credit(String url, String value) throws DriverException {
        if (value.matches("\\d{1,6}") && Integer.parseInt(value) > 0) {
            return Integer.parseInt(value);
        }
        throw new DriverException("option credit=" + value + " in URL " + url
                + " is not valid: expected a number of messages from 1 to 999999");
    }

    @Override
    public String toString() {
        return "proton://" + host + ":" + port + "/" + address + (topic ? " (topic)" : "");
    }
}
