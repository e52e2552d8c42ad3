package org.maestro.driver.proton;

import java.util.UUID;
import org.apache.qpid.proton.amqp.Symbol;
import org.apache.qpid.proton.amqp.messaging.Source;
import org.apache.qpid.proton.amqp.messaging.TerminusDurability;
import org.apache.qpid.proton.amqp.messaging.TerminusExpiryPolicy;

/**
 * The link name and source terminus of a receiver: the URL's address with the capability {@code queue} or
 * {@code topic}, or, for a shared subscription ({@code subscription=<name>}), the JMS 2 form of a global non-durable
 * shared subscription that Qpid JMS uses too (link name {@code <name>|global-volatile}, capabilities {@code topic},
 * {@code shared}, {@code global}, expiring with the link), which Artemis maps onto one multicast queue that the
 * receivers of the subscription share and that goes with its last receiver.
 */
final class ReceiverSource {
    private static final Symbol TOPIC = Symbol.valueOf("topic");
    private static final Symbol QUEUE = Symbol.valueOf("queue");
    private static final Symbol SHARED = Symbol.valueOf("shared");
    private static final Symbol GLOBAL = Symbol.valueOf("global");

    private ReceiverSource() {}

    /** The name of a receiver link of {@code url}. */
    static String linkName(ProtonUrl url) {
        return url.subscription() == null
                ? "maestro-receiver-" + UUID.randomUUID()
                : url.subscription() + "|global-volatile";
    }

    /** The source terminus of a receiver link of {@code url}. */
    static Source of(ProtonUrl url) {
        Source source = new Source();
        source.setAddress(url.address());
        if (url.subscription() == null) {
            source.setCapabilities(url.topic() ? TOPIC : QUEUE);
        } else {
            source.setCapabilities(TOPIC, SHARED, GLOBAL);
            source.setDurable(TerminusDurability.NONE);
            source.setExpiryPolicy(TerminusExpiryPolicy.LINK_DETACH);
        }
        return source;
    }
}
