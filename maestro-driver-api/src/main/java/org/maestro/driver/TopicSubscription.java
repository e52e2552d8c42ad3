package org.maestro.driver;

import java.util.List;

/**
 * The destination kind and shared subscription of an AMQP 1.0 URL, read from its options {@code type} ({@code queue}
 * or {@code topic}) and {@code subscription=<name>}: a subscription implies a topic, and is refused on a queue.
 *
 * @param topic        true for a topic (publish-subscribe) destination
 * @param subscription the shared subscription of the topic that receivers consume through, or null
 */
public record TopicSubscription(boolean topic, String subscription) {

    /**
     * Reads the options; {@code example} is a valid URL with a subscription (with {@code sub-{s}}) for the message
     * that refuses a subscription of a queue.
     */
    public static TopicSubscription read(QueryOptions options, String example) throws DriverException {
        String subscription = options.name("subscription", "sub-{s}", null);
        boolean topic = options.choice("type", List.of("queue", "topic"), subscription == null ? "queue" : "topic")
                .equals("topic");
        if (subscription != null && !topic) {
            throw options.misplaced(
                    "subscription",
                    "a queue has no subscriptions (its receivers already share its messages); subscription names a "
                            + "shared subscription of a topic",
                    example);
        }
        return new TopicSubscription(topic, subscription);
    }

    /** True when every receiver gets every message: a topic without a shared subscription. */
    public boolean deliversToEveryReceiver() {
        return topic && subscription == null;
    }
}
