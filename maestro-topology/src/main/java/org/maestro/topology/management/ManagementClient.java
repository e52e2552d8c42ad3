package org.maestro.topology.management;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.qpid.jms.JmsConnectionFactory;

/**
 * Queries a Qpid Dispatch router through AMQP management: a request to the {@code $management}
 * node with application properties {@code operation=QUERY}, {@code type=org.amqp.management},
 * {@code name=self} and {@code entityType}, answered on a temporary reply queue.
 *
 * <pre>{@code
 * try (ManagementClient client = ManagementClient.connect("amqp://127.0.0.1:5672", Duration.ofSeconds(5))) {
 *     QueryResult nodes = client.query("org.apache.qpid.dispatch.router.node", Duration.ofSeconds(5));
 * }
 * }</pre>
 *
 * Not thread-safe: one request at a time.
 */
public final class ManagementClient implements AutoCloseable {

    /** Entity type of the routers a router knows. */
    public static final String ROUTER_NODE = "org.apache.qpid.dispatch.router.node";
    /** Entity type of a router's connections. */
    public static final String CONNECTION = "org.apache.qpid.dispatch.connection";

    private final String url;
    private final Connection connection;
    private final Session session;
    private final MessageProducer producer;
    private final TemporaryQueue replyQueue;
    private final MessageConsumer consumer;

    private ManagementClient(String url, Connection connection) throws JMSException {
        this.url = url;
        this.connection = connection;
        this.session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        this.producer = session.createProducer(session.createQueue("$management"));
        this.replyQueue = session.createTemporaryQueue();
        this.consumer = session.createConsumer(replyQueue);
        connection.start();
    }

    /** Connects to the router (or any AMQP management peer) at {@code url}, {@code amqp://host:port}. */
    public static ManagementClient connect(String url, Duration timeout) throws ManagementException {
        String options = "?jms.connectTimeout=" + timeout.toMillis() + "&jms.closeTimeout=" + timeout.toMillis()
                + "&jms.requestTimeout=" + timeout.toMillis() + "&jms.sendTimeout=" + timeout.toMillis()
                + "&amqp.saslMechanisms=ANONYMOUS";
        Connection connection = null;
        try {
            connection = new JmsConnectionFactory(url + options).createConnection();
            return new ManagementClient(url, connection);
        } catch (JMSException | RuntimeException e) {
            closeQuietly(connection);
            throw new ManagementException("cannot open an AMQP management session to " + url + ": " + e.getMessage(), e);
        }
    }

    /** Runs a QUERY for all attributes of every entity of {@code entityType}. */
    public QueryResult query(String entityType, Duration timeout) throws ManagementException {
        String correlationId = UUID.randomUUID().toString();
        try {
            MapMessage request = session.createMapMessage();
            request.setStringProperty("operation", "QUERY");
            request.setStringProperty("type", "org.amqp.management");
            request.setStringProperty("name", "self");
            request.setStringProperty("entityType", entityType);
            request.setJMSCorrelationID(correlationId);
            request.setJMSReplyTo(replyQueue);
            producer.send(request);
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
                Message reply = System.nanoTime() < deadline ? consumer.receive(left) : null;
                if (reply == null) {
                    throw new ManagementException("no reply from " + url + " to a QUERY of " + entityType
                            + " within " + timeout.toMillis() + " ms", -1);
                }
                if (reply.getJMSCorrelationID() != null && reply.getJMSCorrelationID().endsWith(correlationId)) {
                    return parse(entityType, reply);
                }
            }
        } catch (JMSException e) {
            throw new ManagementException("AMQP management QUERY of " + entityType + " at " + url + " failed: "
                    + e.getMessage(), e);
        }
    }

    private QueryResult parse(String entityType, Message reply) throws JMSException, ManagementException {
        Object status = reply.getObjectProperty("statusCode");
        int code = status instanceof Number n ? n.intValue() : -1;
        if (code < 200 || code >= 300) {
            throw new ManagementException(url + " answered " + code + " " + reply.getStringProperty("statusDescription")
                    + " to a QUERY of " + entityType, code);
        }
        Object body = reply instanceof ObjectMessage object ? object.getObject() : null;
        if (!(body instanceof Map<?, ?> map) || !(map.get("attributeNames") instanceof List<?> names)
                || !(map.get("results") instanceof List<?> results)) {
            throw new ManagementException(url + " answered a QUERY of " + entityType
                    + " without 'attributeNames' and 'results' in the body", code);
        }
        List<String> attributeNames = names.stream().map(String::valueOf).toList();
        List<List<Object>> rows = new ArrayList<>();
        for (Object row : results) {
            rows.add(row instanceof List<?> values ? new ArrayList<Object>(values) : List.of());
        }
        return new QueryResult(attributeNames, rows);
    }

    @Override
    public void close() {
        closeQuietly(connection);
    }

    private static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (JMSException | RuntimeException ignored) {
                // closing after a failure: nothing more to do
            }
        }
    }
}
