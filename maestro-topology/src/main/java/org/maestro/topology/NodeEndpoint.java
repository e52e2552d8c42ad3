package org.maestro.topology;

/**
 * Where clients reach one node of a topology.
 *
 * @param name node name
 * @param type router or broker
 * @param host host name or address
 * @param port client port: the router's {@code normal} listener or the broker's AMQP acceptor
 */
public record NodeEndpoint(String name, NodeType type, String host, int port) {

    /** {@code amqp://host:port}, with IPv6 literals in brackets. */
    public String url() {
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return "amqp://" + h + ":" + port;
    }
}
