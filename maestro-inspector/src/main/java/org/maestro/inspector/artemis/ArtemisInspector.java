package org.maestro.inspector.artemis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import javax.management.ObjectName;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.AbstractInspector;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.InspectionException.Kind;
import org.maestro.inspector.Sample;

/**
 * Inspects an ActiveMQ Artemis broker through its Jolokia agent ({@code /console/jolokia} of a standalone broker):
 * JVM heap, memory pools, operating system and the broker's queues, with one HTTP request per poll (a Jolokia bulk
 * read). When the JVM behind the agent runs several brokers, {@code ?broker=<name>} at the end of the URL names the
 * one under test; only its queues are listed.
 */
public final class ArtemisInspector extends AbstractInspector {
    /** The name used in START_INSPECTOR and INSPECTOR_NAME. */
    public static final String NAME = "artemis";

    private static final String[] OS_ATTRIBUTES = {
        "OpenFileDescriptorCount",
        "MaxFileDescriptorCount",
        "SystemLoadAverage",
        "AvailableProcessors",
        "ProcessCpuLoad",
        "SystemCpuLoad",
        "FreePhysicalMemorySize",
        "TotalPhysicalMemorySize",
        "FreeSwapSpaceSize",
        "TotalSwapSpaceSize",
        "CommittedVirtualMemorySize"
    };
    private static final String[] QUEUE_ATTRIBUTES = {
        "Address",
        "Name",
        "RoutingType",
        "MessageCount",
        "MessagesAdded",
        "MessagesAcknowledged",
        "MessagesExpired",
        "MessagesKilled",
        "ConsumerCount",
        "DeliveringCount"
    };
    private static final String BROKER_PATTERN = "org.apache.activemq.artemis:broker=*";
    private static final String QUEUE_PATTERN = "org.apache.activemq.artemis:component=addresses,subcomponent=queues,*";
    /** The query parameter of the management URL naming the broker to inspect, e.g. {@code ?broker=amq}. */
    public static final String BROKER_PARAMETER = "broker";

    private final JolokiaClient jolokia;
    private final String requestedBroker;
    private volatile String broker;

    /**
     * An inspector of the Jolokia agent at the URL.
     *
     * @param timeout the longest wait for one answer
     */
    public ArtemisInspector(ManagementUrl url, Duration timeout) {
        super(NAME, ArtemisDataSets.ALL, "ActiveMQ Artemis");
        this.requestedBroker = url.queryParameter(BROKER_PARAMETER)
                .filter(name -> !name.isBlank())
                .orElse(null);
        this.jolokia = new JolokiaClient(url.withoutQueryParameter(BROKER_PARAMETER), timeout);
    }

    @Override
    public void connect() throws InspectionException {
        List<JolokiaClient.JolokiaResponse> answers = jolokia.bulk(List.of(JolokiaClient.version(), brokerRead()));
        JolokiaClient.JolokiaResponse agent = answers.get(0);
        if (!agent.ok()) {
            throw new InspectionException(
                    Kind.BAD_REPLY,
                    jolokia.url().redacted() + " did not answer a Jolokia version request (" + agent.status() + " "
                            + agent.error() + "); is it a Jolokia agent?");
        }
        facts.put("jolokia.agent.version", agent.value().path("agent").asText(""));
        learnBroker(answers.get(1));
        if (requestedBroker != null && broker == null) {
            throw new InspectionException(
                    Kind.BAD_REPLY,
                    "no Artemis broker named '" + requestedBroker + "' at "
                            + jolokia.url().redacted() + " ("
                            + (answers.get(1).ok()
                                    ? "brokers there: " + brokerNames(answers.get(1))
                                    : "none registered")
                            + "); correct ?" + BROKER_PARAMETER
                            + "= in MANAGEMENT_INTERFACE");
        }
    }

    private static ObjectNode brokerRead() {
        return JolokiaClient.read(BROKER_PATTERN, "Name", "Version");
    }

    /**
     * Chooses the broker under test among those the agent serves: the one named by the URL, else the only one.
     *
     * @throws InspectionException when several brokers answer and the URL names none of them
     */
    private void learnBroker(JolokiaClient.JolokiaResponse answer) throws InspectionException {
        if (!answer.ok()) {
            return;
        }
        List<JsonNode> brokers = new ArrayList<>();
        Iterator<JsonNode> each = answer.value().elements();
        each.forEachRemaining(brokers::add);
        JsonNode chosen = null;
        if (requestedBroker != null) {
            chosen = brokers.stream()
                    .filter(b -> requestedBroker.equals(b.path("Name").asText("")))
                    .findFirst()
                    .orElse(null);
        } else if (brokers.size() == 1) {
            chosen = brokers.get(0);
        } else if (brokers.size() > 1) {
            throw new InspectionException(
                    Kind.BAD_REPLY,
                    jolokia.url().redacted() + " serves " + brokers.size() + " Artemis brokers ("
                            + brokerNames(answer) + "): name the one under test with ?" + BROKER_PARAMETER
                            + "=<name> at the end of MANAGEMENT_INTERFACE");
        }
        if (chosen != null) {
            facts.put("sut.version", chosen.path("Version").asText(""));
            facts.put("sut.name", chosen.path("Name").asText(""));
            broker = chosen.path("Name").asText("");
        }
    }

    private static String brokerNames(JolokiaClient.JolokiaResponse answer) {
        List<String> names = new ArrayList<>();
        answer.value().elements().forEachRemaining(b -> names.add(b.path("Name").asText("")));
        return String.join(", ", names);
    }

    /** The queues of the broker under test, or of every broker while it is not known yet. */
    private String queuePattern() {
        String name = broker;
        return name == null
                ? QUEUE_PATTERN
                : "org.apache.activemq.artemis:broker=" + ObjectName.quote(name)
                        + ",component=addresses,subcomponent=queues,*";
    }

    @Override
    public Sample poll() throws InspectionException {
        List<ObjectNode> requests = new ArrayList<>(List.of(
                JolokiaClient.read("java.lang:type=Memory", "HeapMemoryUsage"),
                JolokiaClient.read("java.lang:type=MemoryPool,name=*", "Name", "Type", "Usage"),
                JolokiaClient.ignoringErrors(JolokiaClient.read("java.lang:type=OperatingSystem", OS_ATTRIBUTES)),
                JolokiaClient.ignoringErrors(JolokiaClient.read(queuePattern(), QUEUE_ATTRIBUTES))));
        boolean brokerKnown = broker != null;
        if (!brokerKnown) {
            requests.add(brokerRead());
        }
        List<JolokiaClient.JolokiaResponse> answers = jolokia.bulk(requests);
        Sample sample = new Sample();
        heap(answers.get(0), sample);
        pools(answers.get(1), sample);
        os(answers.get(2), sample);
        queues(answers.get(3), sample);
        if (!brokerKnown) {
            try {
                learnBroker(answers.get(4));
            } catch (InspectionException e) {
                sample.fail(e.getMessage());
            }
        }
        return sample;
    }

    private static void heap(JolokiaClient.JolokiaResponse answer, Sample sample) {
        if (!answer.ok()) {
            sample.fail("heap not read: " + answer.status() + " " + answer.error());
            return;
        }
        JsonNode usage = answer.value().path("HeapMemoryUsage");
        sample.add(ArtemisDataSets.JVM_HEAP, usage(usage));
    }

    private static List<Object> usage(JsonNode usage) {
        return Arrays.asList(
                number(usage.path("init")),
                number(usage.path("committed")),
                number(usage.path("max")),
                number(usage.path("used")));
    }

    private static void pools(JolokiaClient.JolokiaResponse answer, Sample sample) {
        if (!answer.ok()) {
            sample.fail("memory pools not read: " + answer.status() + " " + answer.error());
            return;
        }
        List<JsonNode> pools = new ArrayList<>();
        answer.value().elements().forEachRemaining(pools::add);
        pools.sort(Comparator.comparing(pool -> pool.path("Name").asText("")));
        for (JsonNode pool : pools) {
            JsonNode usage = pool.path("Usage");
            if (!usage.isObject()) {
                continue; // a pool that is no longer valid reports no usage
            }
            List<Object> row = new ArrayList<>();
            row.add(pool.path("Name").asText(""));
            row.add(pool.path("Type").asText(""));
            row.addAll(usage(usage));
            sample.add(ArtemisDataSets.MEMORY_POOLS, row);
        }
    }

    private static void os(JolokiaClient.JolokiaResponse answer, Sample sample) {
        if (!answer.ok()) {
            sample.fail("operating system not read: " + answer.status() + " " + answer.error());
            return;
        }
        List<Object> row = new ArrayList<>();
        for (String attribute : OS_ATTRIBUTES) {
            row.add(number(answer.value().path(attribute)));
        }
        sample.add(ArtemisDataSets.OS, row);
    }

    private static void queues(JolokiaClient.JolokiaResponse answer, Sample sample) {
        if (answer.status() == 404) {
            return; // no queue at all
        }
        if (!answer.ok()) {
            sample.fail("queues not read: " + answer.status() + " " + answer.error());
            return;
        }
        Map<String, JsonNode> byName = new java.util.TreeMap<>();
        answer.value()
                .fields()
                .forEachRemaining(entry -> byName.put(
                        entry.getValue().path("Address").asText("") + "\u0000"
                                + entry.getValue().path("Name").asText("") + "\u0000" + entry.getKey(),
                        entry.getValue()));
        for (JsonNode queue : byName.values()) {
            List<Object> row = new ArrayList<>();
            row.add(text(queue.path("Address")));
            row.add(text(queue.path("Name")));
            row.add(text(queue.path("RoutingType")));
            for (String attribute : Arrays.copyOfRange(QUEUE_ATTRIBUTES, 3, QUEUE_ATTRIBUTES.length)) {
                row.add(number(queue.path(attribute)));
            }
            sample.add(ArtemisDataSets.QUEUES, row);
        }
    }

    /** A number read, or null when the attribute is missing or was an error text (ignoreErrors). */
    private static Object number(JsonNode node) {
        if (node.isIntegralNumber()) {
            return node.longValue();
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        return null;
    }

    private static String text(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? null : node.asText();
    }

    @Override
    public void close() {
        jolokia.close();
    }
}
