package org.maestro.topology;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

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

    /** True when something accepts TCP connections at the node's host and port within {@code timeoutMillis}. */
    public boolean accepting(int timeoutMillis) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), timeoutMillis);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
