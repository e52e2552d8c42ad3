package org.maestro.driver.proton;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.maestro.base.net.UrlRedactor;
import org.maestro.driver.DriverException;
import org.maestro.driver.QueryOptions;
import org.maestro.driver.TopicSubscription;

/**
 * A destination URL of the Proton-J driver: {@code proton://[user:password@]host:5672/address?type=queue&durable=false
 * &credit=1000}. Immutable; {@link #toString()} never shows the password.
 *
 * @param user     the user of SASL PLAIN (percent-decoded), or null for SASL ANONYMOUS
 * @param password the password of SASL PLAIN, or null
 * @param subscription the shared subscription of the topic receivers consume through, or null
 */
public record ProtonUrl(
        String host,
        int port,
        String address,
        boolean topic,
        boolean durable,
        int credit,
        String user,
        String password,
        String subscription) {
    /** The options this driver reads. */
    public static final List<String> OPTIONS = List.of("type", "durable", "credit", "subscription");
    /** A URL naming a shared subscription, for messages. */
    static final String SUBSCRIPTION_EXAMPLE = "proton://host:5672/orders?type=topic&subscription=sub-{s}";
    /** The AMQP port when the URL gives none. */
    public static final int DEFAULT_PORT = 5672;
    /** The receiver's link credit when the URL gives none. */
    public static final int DEFAULT_CREDIT = 1000;
    /** The largest link credit a URL may ask for. */
    public static final int MAX_CREDIT = 999_999;

    /** Parses a URL; throws naming the offending part and what is accepted. */
    public static ProtonUrl parse(String url) throws DriverException {
        String shown = UrlRedactor.redact(url);
        URI uri;
        try {
            uri = new URI(url == null ? "" : url.trim());
        } catch (Exception e) {
            throw new DriverException("'" + shown + "' is not a valid URL: " + e.getMessage());
        }
        if (uri.getHost() == null) {
            throw new DriverException("the URL " + shown + " names no host: write e.g. proton://host:5672/queue");
        }
        String user = null;
        String password = null;
        if (uri.getRawUserInfo() != null) {
            String info = uri.getRawUserInfo();
            int colon = info.indexOf(':');
            user = URLDecoder.decode(colon < 0 ? info : info.substring(0, colon), StandardCharsets.UTF_8);
            password = colon < 0 ? "" : URLDecoder.decode(info.substring(colon + 1), StandardCharsets.UTF_8);
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        String address = URLDecoder.decode(path.startsWith("/") ? path.substring(1) : path, StandardCharsets.UTF_8);
        if (address.isEmpty()) {
            throw new DriverException("the URL " + shown + " names no destination: add /<queue or topic name>, "
                    + "e.g. proton://host:5672/test.queue");
        }
        QueryOptions options = QueryOptions.parse(url, uri.getRawQuery());
        options.refuseUnknown(OPTIONS);
        TopicSubscription kind = TopicSubscription.read(options, SUBSCRIPTION_EXAMPLE);
        boolean topic = kind.topic();
        String subscription = kind.subscription();
        boolean durable = options.bool("durable", false);
        int credit = options.count("credit", MAX_CREDIT, DEFAULT_CREDIT);
        return new ProtonUrl(
                uri.getHost(),
                uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort(),
                address,
                topic,
                durable,
                credit,
                user,
                password,
                subscription);
    }

    @Override
    public String toString() {
        return "proton://" + (user == null ? "" : "***@") + host + ":" + port + "/" + address
                + (topic ? " (topic)" : "") + (subscription == null ? "" : " subscription " + subscription);
    }
}
