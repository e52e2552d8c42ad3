package org.maestro.common.testing;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.qpid.proton.Proton;
import org.apache.qpid.proton.amqp.messaging.Accepted;
import org.apache.qpid.proton.amqp.messaging.AmqpValue;
import org.apache.qpid.proton.amqp.messaging.ApplicationProperties;
import org.apache.qpid.proton.amqp.messaging.Source;
import org.apache.qpid.proton.amqp.transport.SenderSettleMode;
import org.apache.qpid.proton.engine.BaseHandler;
import org.apache.qpid.proton.engine.Connection;
import org.apache.qpid.proton.engine.Delivery;
import org.apache.qpid.proton.engine.Event;
import org.apache.qpid.proton.engine.Link;
import org.apache.qpid.proton.engine.Receiver;
import org.apache.qpid.proton.engine.Sender;
import org.apache.qpid.proton.message.Message;
import org.apache.qpid.proton.reactor.Acceptor;
import org.apache.qpid.proton.reactor.Reactor;
import org.maestro.base.net.FreePorts;

/**
 * A real AMQP 1.0 endpoint on a free loopback port that answers AMQP management QUERY requests sent to
 * {@code $management} as a Qpid Dispatch router does: pre-settled, to the request's reply-to on a dynamic link it
 * assigned, with the request's correlation id, application properties {@code statusCode} and
 * {@code statusDescription} and a body map of {@code attributeNames} and {@code results}. It stands in for a router
 * where no {@code qdrouterd} is installed.
 *
 * <p>{@link #start()} answers exactly as the recorded router 1.19.0 did ({@link DispatchFixture}): same status, same
 * body; it checks each request against the recorded one and answers a differing request with status 400, and an
 * entity type that was not recorded with 400 as the router does. {@link #start(Function)} answers with the replies
 * a test makes, e.g. {@link #routerNodes(String, Map)} for a network that converges over a few queries.
 *
 * <pre>{@code
 * try (ManagementResponder router = ManagementResponder.start()) {
 *     String url = router.url(); // amqp://127.0.0.1:<port>
 * }
 * }</pre>
 */
public final class ManagementResponder implements AutoCloseable {
    /** Attribute names of {@code router.node} in Qpid Dispatch 1.19.0 (not part of the recorded fixture). */
    public static final List<String> ROUTER_NODE_ATTRIBUTES = List.of(
            "name",
            "identity",
            "type",
            "id",
            "protocolVersion",
            "instance",
            "linkState",
            "nextHop",
            "validOrigins",
            "address",
            "routerLink",
            "cost",
            "lastTopoChange",
            "index");

    /** One reply: its status and its body (an AMQP map). */
    public record Reply(int statusCode, String statusDescription, Map<String, Object> body) {

        /** A 200 OK reply listing entities. */
        public static Reply ok(List<String> attributeNames, List<List<Object>> results) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("attributeNames", new ArrayList<>(attributeNames));
            List<Object> rows = new ArrayList<>();
            results.forEach(r -> rows.add(new ArrayList<>(r)));
            body.put("results", rows);
            return new Reply(200, "OK", body);
        }

        /** The router's answer to a QUERY of an entity type it does not have. */
        public static Reply noSuchEntityType(String entityType) {
            return new Reply(400, "No such entity type '" + entityType + "'", new LinkedHashMap<>());
        }
    }

    private final DispatchFixture fixture;
    private final Function<String, Reply> answers;
    private final int port;
    private final Reactor reactor;
    private final Acceptor acceptor;
    private final Thread thread;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final AtomicInteger connections = new AtomicInteger();
    private final List<Map<String, Object>> requests = Collections.synchronizedList(new ArrayList<>());
    private final List<String> mismatches = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Sender> replyLinks = new HashMap<>();
    private final Map<Sender, Queue<Message>> pending = new HashMap<>();
    private volatile boolean stopping;
    private volatile long replyDelayMillis;

    /** Answers from {@code fixture} when it is given, else with {@code answers}. */
    private ManagementResponder(DispatchFixture fixture, Function<String, Reply> answers, int port) throws IOException {
        this.fixture = fixture;
        this.answers = answers;
        this.port = port;
        this.reactor = Proton.reactor();
        this.reactor.setTimeout(50);
        this.acceptor = reactor.acceptor("127.0.0.1", port, new ConnectionHandler());
        this.thread = new Thread(this::run, "management-responder-" + port);
        this.thread.setDaemon(true);
    }

    /** Starts answering as the recorded router on a free loopback port. */
    public static ManagementResponder start() throws IOException {
        return start(FreePorts.next());
    }

    /** Starts answering as the recorded router on the given loopback port (to stand in for a router restarted on it). */
    public static ManagementResponder start(int port) throws IOException {
        return new ManagementResponder(DispatchFixture.load(), null, port).begin();
    }

    /** Starts on a free loopback port answering each QUERY with {@code answers} applied to its entity type. */
    public static ManagementResponder start(Function<String, Reply> answers) throws IOException {
        return new ManagementResponder(null, answers, FreePorts.next()).begin();
    }

    private ManagementResponder begin() {
        thread.start();
        return this;
    }

    private void run() {
        try {
            reactor.start();
            while (!stopping && reactor.process()) {
                // handlers do the work
            }
            acceptor.close();
            for (Object child : reactor.children().toArray()) {
                if (child instanceof Connection connection) {
                    connection.close();
                }
            }
            reactor.process();
        } finally {
            stopped.countDown();
        }
    }

    /** {@code amqp://127.0.0.1:<port>}. */
    public String url() {
        return "amqp://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** The application properties of every request so far, in order ({@code entityType} names what was queried). */
    public List<Map<String, Object>> requests() {
        synchronized (requests) {
            return new ArrayList<>(requests);
        }
    }

    /** How requests differed from the recorded ones; empty when all were the same. */
    public List<String> mismatches() {
        synchronized (mismatches) {
            return new ArrayList<>(mismatches);
        }
    }

    /** The connections opened so far. */
    public int connections() {
        return connections.get();
    }

    /** Holds every reply back this long (a slow router); 0 answers at once. */
    public void delayReplies(long millis) {
        this.replyDelayMillis = millis;
    }

    /** Stops listening and closes every connection. */
    @Override
    public void close() throws InterruptedException {
        stopping = true;
        reactor.wakeup();
        stopped.await(5, TimeUnit.SECONDS);
    }

    private static Map<String, Object> properties(Message request) {
        Map<String, Object> properties = new LinkedHashMap<>();
        if (request.getApplicationProperties() != null) {
            request.getApplicationProperties().getValue().forEach((k, v) -> properties.put(String.valueOf(k), v));
        }
        return properties;
    }

    private Message answer(Message request) {
        Map<String, Object> properties = properties(request);
        requests.add(properties);
        String entityType = String.valueOf(properties.get("entityType"));
        Reply answer = fixture != null ? recorded(entityType, properties, request) : answers.apply(entityType);
        Message reply = Message.Factory.create();
        reply.setAddress(request.getReplyTo());
        reply.setCorrelationId(
                request.getCorrelationId() != null ? request.getCorrelationId() : request.getMessageId());
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("statusCode", answer.statusCode());
        status.put("statusDescription", answer.statusDescription());
        reply.setApplicationProperties(new ApplicationProperties(status));
        reply.setBody(new AmqpValue(answer.body()));
        return reply;
    }

    /** The recorded router's reply to a request. */
    private Reply recorded(String entityType, Map<String, Object> properties, Message request) {
        if (!fixture.has(entityType)) {
            return Reply.noSuchEntityType(entityType);
        }
        String difference = difference(entityType, properties, request);
        if (difference != null) {
            mismatches.add(difference);
            return new Reply(400, difference, new LinkedHashMap<>());
        }
        Map<String, Object> status = fixture.responseProperties(entityType);
        return new Reply(
                ((Number) status.get("statusCode")).intValue(),
                String.valueOf(status.get("statusDescription")),
                fixture.responseBody(entityType));
    }

    private String difference(String entityType, Map<String, Object> properties, Message request) {
        Map<String, Object> expected = fixture.requestProperties(entityType);
        if (!expected.equals(properties)) {
            return "application properties " + properties + " differ from the recorded " + expected;
        }
        Object body = request.getBody() instanceof AmqpValue value ? value.getValue() : request.getBody();
        Map<String, Object> expectedBody = fixture.requestBody(entityType);
        if (!expectedBody.equals(body)) {
            return "body " + body + " differs from the recorded " + expectedBody;
        }
        if (request.getReplyTo() == null || !replyLinks.containsKey(request.getReplyTo())) {
            return "reply-to " + request.getReplyTo() + " is not the address of a reply link";
        }
        return null;
    }

    private void send(Sender sender, Message reply) {
        Queue<Message> queue = pending.computeIfAbsent(sender, s -> new ArrayDeque<>());
        queue.add(reply);
        drain(sender);
    }

    private void drain(Sender sender) {
        Queue<Message> queue = pending.get(sender);
        while (queue != null && !queue.isEmpty() && sender.getCredit() > 0) {
            Message reply = queue.poll();
            byte[] buffer = new byte[64 * 1024];
            int length = reply.encode(buffer, 0, buffer.length);
            Delivery delivery = sender.delivery(UUID.randomUUID().toString().getBytes());
            sender.send(buffer, 0, length);
            sender.advance();
            delivery.settle(); // the router's replies are pre-settled
        }
    }

    /**
     * A {@code router.node} reply in the shape of Qpid Dispatch 1.19.0: router {@code self} knows the routers of
     * {@code costs} (router id to cost; its own entry is itself, whose cost the router does not report).
     */
    public static Reply routerNodes(String self, Map<String, Integer> costs) {
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

    /** The router's side of each connection. */
    private final class ConnectionHandler extends BaseHandler {
        @Override
        public void onConnectionRemoteOpen(Event event) {
            connections.incrementAndGet();
            event.getConnection().setContainer("fixture-router");
            event.getConnection().open();
        }

        @Override
        public void onSessionRemoteOpen(Event event) {
            event.getSession().open();
        }

        @Override
        public void onLinkRemoteOpen(Event event) {
            Link link = event.getLink();
            link.setTarget(link.getRemoteTarget());
            if (link instanceof Receiver receiver) {
                receiver.setSource(receiver.getRemoteSource());
                receiver.open();
                receiver.flow(250);
                return;
            }
            Sender sender = (Sender) link;
            Source remote = (Source) sender.getRemoteSource();
            Source source = new Source();
            if (remote != null && remote.getDynamic()) {
                source.setDynamic(true);
                source.setAddress("temp." + UUID.randomUUID().toString().substring(0, 13));
            } else {
                source.setAddress(remote == null ? null : remote.getAddress());
            }
            sender.setSource(source);
            sender.setSenderSettleMode(SenderSettleMode.SETTLED);
            sender.open();
            if (source.getAddress() != null) {
                replyLinks.put(source.getAddress(), sender);
            }
        }

        @Override
        public void onLinkFlow(Event event) {
            if (event.getLink() instanceof Sender sender) {
                drain(sender);
            }
        }

        @Override
        public void onDelivery(Event event) {
            Delivery delivery = event.getDelivery();
            if (!(delivery.getLink() instanceof Receiver receiver) || !delivery.isReadable() || delivery.isPartial()) {
                return;
            }
            byte[] bytes = new byte[delivery.pending()];
            int read = receiver.recv(bytes, 0, bytes.length);
            receiver.advance();
            delivery.disposition(Accepted.getInstance());
            delivery.settle();
            receiver.flow(1);
            Message request = Message.Factory.create();
            request.decode(bytes, 0, read);
            Message reply = answer(request);
            Sender replyLink = replyLinks.get(request.getReplyTo());
            if (replyLink == null) {
                return;
            }
            long delay = replyDelayMillis;
            if (delay > 0) {
                event.getReactor().schedule((int) delay, new BaseHandler() {
                    @Override
                    public void onTimerTask(Event timer) {
                        send(replyLink, reply);
                    }
                });
            } else {
                send(replyLink, reply);
            }
        }

        @Override
        public void onLinkRemoteClose(Event event) {
            replyLinks.values().remove(event.getLink());
            event.getLink().close();
        }

        @Override
        public void onConnectionRemoteClose(Event event) {
            event.getConnection().close();
        }
    }
}
