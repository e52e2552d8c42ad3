package org.maestro.client.api;

import java.util.Locale;
import java.util.Optional;
import org.maestro.base.net.UrlRedactor;
import org.maestro.common.options.DestinationUrls;
import org.maestro.common.options.TestOptions;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverException;
import org.maestro.driver.Drivers;

/**
 * The warning a test gets before it starts when its receive address gives every message to every receiver connection
 * (publish-subscribe, as its driver says) and it has several: each message then arrives once per connection, the
 * copies count as duplicates and the received rate is a multiple of the sent rate. An address that names a
 * subscription (a shared subscription, a queue group, a consumer group) shares the messages among its connections
 * and is not warned about.
 */
final class FanOutWarning {
    private FanOutWarning() {}

    /**
     * The warning, or empty when the receivers share the messages, there is one receiver connection, or no driver
     * on the class path knows the URL (the peers judge it then).
     *
     * @param receivers the receiver peers of the test
     */
    static Optional<String> of(TestOptions options, int receivers) {
        String url = options.receiveUrl().orElse(null);
        int connections = receivers * options.parallelCount();
        if (url == null || connections < 2) {
            return Optional.empty();
        }
        boolean fansOut;
        try {
            String first = firstSubscription(url);
            Driver driver = Drivers.forUrl(first);
            fansOut = driver.deliversToEveryReceiver(first);
        } catch (DriverException | RuntimeException unknown) {
            return Optional.empty();
        }
        if (!fansOut) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "warning: %s is publish-subscribe: each of the %d receiver connections (%d receiver%s × PARALLEL_COUNT"
                        + " %d) gets every message, so every message is received %d times; the copies count as"
                        + " duplicates and the received rate is %d × the sent rate. To have the connections share"
                        + " the messages, name a subscription in the URL (SUBSCRIPTIONS subscriptions, each getting"
                        + " every message once, with {s} in the URL for its number): amqp/proton …?type=topic"
                        + "&subscription=sub-{s}, mqtt …/$share/sub-{s}/<topic>, nats …?queue=sub-{s}, kafka"
                        + " …?group=sub-{s}, rabbitmq …?exchange=<x>&subscription=sub-{s}, stomp …/topic/<t>"
                        + "?subscription=sub-{s}; or use a queue (docs/drivers.md, Fan-out: subscriptions)",
                UrlRedactor.redact(url),
                connections,
                receivers,
                receivers == 1 ? "" : "s",
                options.parallelCount(),
                connections,
                connections));
    }

    /**
     * The URL of the first destination's first subscription: {@code {n}} and {@code {s}} (replaced per connection
     * by the destination and subscription numbers) replaced by 0, which a driver can parse.
     */
    static String firstSubscription(String url) {
        return DestinationUrls.resolve(url, 0, 0);
    }
}
