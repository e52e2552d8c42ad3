package org.maestro.worker.role;

import org.maestro.common.options.DestinationUrls;
import org.maestro.common.options.TestOptions;

/**
 * Where connection {@code connection} of a sender or receiver goes in its flow: its flow-wide index
 * (CONNECTION_OFFSET + connection), its destination and subscription ({@link DestinationUrls}) and the URL with
 * {@code {n}} and {@code {s}} replaced.
 *
 * @param subscription receivers: the subscription; senders: −1
 */
public record ConnectionPlace(int connection, int index, int destination, int subscription, String url) {

    /** The place of a sender's connection. */
    public static ConnectionPlace ofSender(TestOptions options, String url, int connection) {
        int index = options.connectionOffset() + connection;
        int destination = DestinationUrls.destination(index, options.destinations());
        return new ConnectionPlace(connection, index, destination, -1, DestinationUrls.resolve(url, destination, 0));
    }

    /** The place of a receiver's connection. */
    public static ConnectionPlace ofReceiver(TestOptions options, String url, int connection) {
        int index = options.connectionOffset() + connection;
        int destination = DestinationUrls.destination(index, options.destinations());
        int subscription = DestinationUrls.subscription(index, options.destinations(), options.subscriptions());
        return new ConnectionPlace(
                connection, index, destination, subscription, DestinationUrls.resolve(url, destination, subscription));
    }

    /** The destination's name: the URL's address, without credentials. */
    public String name() {
        return DestinationUrls.address(url);
    }
}
