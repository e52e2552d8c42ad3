package org.maestro.driver.rabbitmq;

import com.rabbitmq.client.Channel;
import java.io.IOException;
import org.maestro.driver.DriverException;

/**
 * What a URL with {@code exchangeType} or {@code subscription} declares on the broker: the exchange (durable with
 * {@code durable=true}, never auto-deleted) and a subscription's queue, which is not exclusive, so every receiver
 * connection naming the subscription consumes from it and they share its messages, auto-deleted once its last
 * consumer left, and bound to the exchange with the URL's {@code routingKey}, or {@code #} without one (every
 * message of a fanout or topic exchange).
 */
final class ExchangeTopology {
    /** The binding key of a subscription whose URL gives no routing key. */
    static final String EVERY_KEY = "#";

    private ExchangeTopology() {}

    /** Declares the URL's exchange when it has {@code exchangeType}. */
    static void declareExchange(Channel channel, RabbitUrl url) throws DriverException {
        if (url.exchangeType().isEmpty()) {
            return;
        }
        try {
            channel.exchangeDeclare(url.exchange(), url.exchangeType(), url.durable(), false, null);
        } catch (IOException | RuntimeException e) {
            throw new DriverException(
                    "cannot declare the " + url.exchangeType() + " exchange '" + url.exchange() + "' at " + url + ": "
                            + RabbitConnection.describe(e) + ": if it exists with another type or durability, make "
                            + "exchangeType= and durable= match it, or leave exchangeType out",
                    e);
        }
    }

    /** Declares the subscription's queue and binds it to the exchange. */
    static void declareSubscription(Channel channel, RabbitUrl url) throws DriverException {
        declareExchange(channel, url);
        String queue = url.subscription();
        String key = url.routingKey() == null || url.routingKey().isEmpty() ? EVERY_KEY : url.routingKey();
        try {
            channel.queueDeclare(queue, url.durable(), false, true, null);
        } catch (IOException | RuntimeException e) {
            throw new DriverException(
                    "cannot declare the queue of subscription '" + queue + "' at " + url + ": "
                            + RabbitConnection.describe(e)
                            + ": a queue of that name exists with other settings; name another subscription",
                    e);
        }
        try {
            channel.queueBind(queue, url.exchange(), key);
        } catch (IOException | RuntimeException e) {
            throw new DriverException(
                    "cannot bind the queue of subscription '" + queue + "' to exchange '" + url.exchange() + "' at "
                            + url + ": " + RabbitConnection.describe(e)
                            + ": create the exchange, or add exchangeType=fanout "
                            + "(or topic, direct, headers) to the URL to declare it",
                    e);
        }
    }
}
