package org.maestro.topology.management;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.qpid.proton.Proton;
import org.apache.qpid.proton.amqp.messaging.Accepted;
import org.apache.qpid.proton.amqp.messaging.AmqpValue;
import org.apache.qpid.proton.amqp.messaging.ApplicationProperties;
import org.apache.qpid.proton.amqp.messaging.Source;
import org.apache.qpid.proton.amqp.messaging.Target;
import org.apache.qpid.proton.engine.Collector;
import org.apache.qpid.proton.engine.Connection;
import org.apache.qpid.proton.engine.Delivery;
import org.apache.qpid.proton.engine.Endpoint;
import org.apache.qpid.proton.engine.EndpointState;
import org.apache.qpid.proton.engine.Event;
import org.apache.qpid.proton.engine.Link;
import org.apache.qpid.proton.engine.Receiver;
import org.apache.qpid.proton.engine.Sasl;
import org.apache.qpid.proton.engine.Sender;
import org.apache.qpid.proton.engine.Transport;
import org.apache.qpid.proton.message.Message;

/**
 * Test double of a Qpid Dispatch router's AMQP management node, for machines without
 * {@code qdrouterd}: a small AMQP 1.0 server (Proton-J engine over a loopback socket) that takes
 * requests sent to {@code $management} and answers them as the router does: pre-settled replies
 * to the request's reply-to address (a dynamic node it creates on request), correlation id copied,
 * application properties {@code statusCode} and {@code statusDescription}, body an AMQP value
 * map of {@code attributeNames} and {@code results}. Replies for the entity types recorded from a
 * real router 1.19.0 come from the fixture; {@code router.node} answers are made in the same
 * shape with the 1.19.0 attribute names.
 */
final class ManagementDouble implements AutoCloseable {

    /** Attribute names of {@code router.node} in Qpid Dispatch 1.19.0 (not part of the recorded fixture). */
    static final List<String> ROUTER_NODE_ATTRIBUTES = List.of("name", "identity", "type", "id", "protocolVersion",
            "instance", "linkState", "nextHop", "validOrigins", "address", "routerLink", "cost", "lastTopoChange", "index");

    /** One reply. */
    record Reply(int statusCode, String statusDescription, Map<String, Object> body) {

        static Reply ok(List<String> attributeNames, List<List<Object>> results) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("attributeNames", new ArrayList<>(attributeNames));
            List<Object> rows = new ArrayList<>();
            results.forEach(r -> rows.add(new ArrayList<>(r)));
            body.put("results", rows);
            return new Reply(200, "OK", body);
        }
    }

    private final ServerSocket server;
    private final Function<String, Reply> answers;
    private final List<Map<String, Object>> requests = Collections.synchronizedList(new ArrayList<>());
    private final List<Socket> sockets = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger dynamicNodes = new AtomicInteger();
    private volatile boolean closed;

    /** Starts listening on a free loopback port; {@code answers} maps an entity type to the reply. */
    ManagementDouble(Function<String, Reply> answers) throws IOException {
        this.answers = answers;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread acceptor = new Thread(this::acceptLoop, "management-double-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** {@code amqp://127.0.0.1:port}. */
    String url() {
        return "amqp://127.0.0.1:" + server.getLocalPort();
    }

    /** Application properties of every request received, in order. */
    List<Map<String, Object>> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket socket = server.accept();
                sockets.add(socket);
                Thread connection = new Thread(() -> serve(socket), "management-double-connection");
                connection.setDaemon(true);
                connection.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        Transport transport = Proton.transport();
        Connection connection = Proton.connection();
        Collector collector = Proton.collector();
        connection.collect(collector);
        transport.bind(connection);
        Sasl sasl = transport.sasl();
        sasl.server();
        sasl.setMechanisms("ANONYMOUS");
        Map<String, Sender> senders = new HashMap<>();
        Deque<Message> pending = new ArrayDeque<>();
        byte[] buffer = new byte[64 * 1024];
        try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
            socket.setSoTimeout(200);
            while (!closed) {
                int read;
                try {
                    read = in.read(buffer, 0, Math.max(1, Math.min(buffer.length, transport.capacity())));
                } catch (SocketTimeoutException e) {
                    read = 0;
                }
                if (read < 0) {
                    transport.close_tail();
                } else if (read > 0) {
                    ByteBuffer tail = transport.tail();
                    tail.put(buffer, 0, read);
                    transport.process();
                }
                if (sasl.getOutcome() == Sasl.SaslOutcome.PN_SASL_NONE && sasl.getRemoteMechanisms().length > 0) {
                    sasl.done(Sasl.SaslOutcome.PN_SASL_OK);
                }
                transport.tick(System.currentTimeMillis());
                Event event;
                while ((event = collector.peek()) != null) {
                    handle(event, senders, pending);
                    collector.pop();
                }
                flush(senders, pending);
                while (transport.pending() > 0) {
                    ByteBuffer head = transport.head();
                    int length = head.remaining();
                    byte[] bytes = new byte[length];
                    head.get(bytes);
                    out.write(bytes);
                    transport.pop(length);
                }
                out.flush();
                if (read < 0 || transport.isClosed()) {
                    return;
                }
            }
        } catch (IOException e) {
            // connection dropped: nothing to answer any more
        }
    }

    private void handle(Event event, Map<String, Sender> senders, Deque<Message> pending) {
        switch (event.getType()) {
            case CONNECTION_REMOTE_OPEN -> {
                event.getConnection().setContainer("management-double");
                openIfNeeded(event.getConnection());
            }
            case SESSION_REMOTE_OPEN -> openIfNeeded(event.getSession());
            case LINK_REMOTE_OPEN -> openLink(event.getLink(), senders);
            case LINK_REMOTE_CLOSE -> event.getLink().close();
            case SESSION_REMOTE_CLOSE -> event.getSession().close();
            case CONNECTION_REMOTE_CLOSE -> event.getConnection().close();
            case DELIVERY -> {
                if (event.getLink() instanceof Receiver receiver) {
                    receive(receiver, event.getDelivery(), pending);
                }
            }
            default -> {
                // other events need no action
            }
        }
    }

    private static void openIfNeeded(Endpoint endpoint) {
        if (endpoint.getLocalState() == EndpointState.UNINITIALIZED) {
            endpoint.open();
        }
    }

    private void openLink(Link link, Map<String, Sender> senders) {
        if (link.getLocalState() != EndpointState.UNINITIALIZED) {
            return;
        }
        if (link instanceof Receiver receiver) {
            Target remote = (Target) receiver.getRemoteTarget();
            Target target = new Target();
            if (remote != null && remote.getDynamic()) {
                target.setAddress("dynamic." + dynamicNodes.incrementAndGet());
                target.setDynamic(true);
            } else if (remote != null) {
                target.setAddress(remote.getAddress());
            }
            receiver.setTarget(target);
            receiver.setSource(receiver.getRemoteSource());
            receiver.open();
            receiver.flow(100);
        } else {
            Sender sender = (Sender) link;
            Source remote = (Source) sender.getRemoteSource();
            Source source = new Source();
            String address = null;
            if (remote != null && remote.getDynamic()) {
                address = "dynamic." + dynamicNodes.incrementAndGet();
                source.setDynamic(true);
            } else if (remote != null) {
                address = remote.getAddress();
            }
            source.setAddress(address);
            sender.setSource(source);
            sender.setTarget(sender.getRemoteTarget());
            sender.open();
            if (address != null) {
                senders.put(address, sender);
            }
        }
    }

    private void receive(Receiver receiver, Delivery delivery, Deque<Message> pending) {
        if (!delivery.isReadable() || delivery.isPartial()) {
            return;
        }
        byte[] bytes = new byte[delivery.pending()];
        int length = receiver.recv(bytes, 0, bytes.length);
        receiver.advance();
        delivery.disposition(Accepted.getInstance());
        delivery.settle();
        receiver.flow(1);
        Message request = Message.Factory.create();
        request.decode(bytes, 0, length);
        Map<String, Object> properties = new LinkedHashMap<>();
        if (request.getApplicationProperties() != null) {
            request.getApplicationProperties().getValue().forEach((k, v) -> properties.put(String.valueOf(k), v));
        }
        requests.add(properties);
        if (!"$management".equals(request.getAddress()) && !"$management".equals(targetAddress(receiver))) {
            return;
        }
        Reply answer = answers.apply(String.valueOf(properties.get("entityType")));
        Message reply = Message.Factory.create();
        reply.setAddress(request.getReplyTo());
        reply.setCorrelationId(request.getCorrelationId() != null ? request.getCorrelationId() : request.getMessageId());
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("statusCode", answer.statusCode());
        status.put("statusDescription", answer.statusDescription());
        reply.setApplicationProperties(new ApplicationProperties(status));
        reply.setBody(new AmqpValue(answer.body()));
        pending.add(reply);
    }

    private static String targetAddress(Receiver receiver) {
        Target target = (Target) receiver.getTarget();
        return target == null ? null : target.getAddress();
    }

    private static void flush(Map<String, Sender> senders, Deque<Message> pending) {
        for (int i = pending.size(); i > 0; i--) {
            Message reply = pending.poll();
            Sender sender = senders.get(reply.getAddress());
            if (sender == null || sender.getCredit() <= 0) {
                pending.add(reply);
                continue;
            }
            byte[] bytes = encode(reply);
            Delivery delivery = sender.delivery(String.valueOf(System.nanoTime()).getBytes(StandardCharsets.US_ASCII));
            sender.send(bytes, 0, bytes.length);
            delivery.settle();
            sender.advance();
        }
    }

    private static byte[] encode(Message message) {
        for (int size = 4096; ; size *= 2) {
            byte[] buffer = new byte[size];
            try {
                int length = message.encode(buffer, 0, size);
                byte[] exact = new byte[length];
                System.arraycopy(buffer, 0, exact, 0, length);
                return exact;
            } catch (BufferOverflowException e) {
                // try a bigger buffer
            }
        }
    }

    /** Replies from the recorded fixture by entity type; unknown types answer 400 like the router. */
    static Function<String, Reply> fixtureReplies() throws IOException {
        JsonNode fixture = fixture();
        return entityType -> {
            JsonNode entry = fixture.get(entityType);
            if (entry == null) {
                return new Reply(400, "No such entity type '" + entityType + "'", new LinkedHashMap<>());
            }
            JsonNode status = entry.get("response_application_properties");
            @SuppressWarnings("unchecked")
            Map<String, Object> body = new ObjectMapper().convertValue(entry.get("response_body"), LinkedHashMap.class);
            return new Reply(status.get("statusCode").asInt(), status.get("statusDescription").asText(), body);
        };
    }

    /** The recorded fixture. */
    static JsonNode fixture() throws IOException {
        try (InputStream in = ManagementDouble.class.getResourceAsStream(
                "/fixtures/qpid-dispatch-1.19.0/management-query.json")) {
            return new ObjectMapper().readTree(in);
        }
    }

    /** A {@code router.node} reply, in the router's shape, of router {@code self} knowing {@code costs} (id to cost). */
    static Reply routerNodes(String self, Map<String, Integer> costs) {
        List<List<Object>> rows = new ArrayList<>();
        int index = 0;
        for (Map.Entry<String, Integer> node : costs.entrySet()) {
            boolean isSelf = node.getKey().equals(self);
            List<Object> row = new ArrayList<>();
            row.add("router.node/" + node.getKey());
            row.add("router.node/" + node.getKey());
            row.add("org.apache.qpid.dispatch.router.node");
            row.add(node.getKey());
            row.add(1);
            row.add(1700000000L + index);
            row.add(new ArrayList<>());
            row.add(isSelf ? "(self)" : null);
            row.add(new ArrayList<>());
            row.add("amqp:/_topo/0/" + node.getKey());
            row.add(null);
            row.add(isSelf ? null : node.getValue());
            row.add(0);
            row.add(index++);
            rows.add(row);
        }
        return Reply.ok(ROUTER_NODE_ATTRIBUTES, rows);
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
        synchronized (sockets) {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }
}
