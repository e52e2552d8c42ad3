package org.maestro.reporter.read;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.maestro.common.files.agent.AgentActions;
import org.maestro.common.files.connections.ConnectionsCsv;
import org.maestro.common.files.gaps.ReceiveGaps;
import org.maestro.common.files.health.HealthLog;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Role;

/**
 * One peer's directory in a test iteration ({@code <iteration>/<peer-name>@<host>/}): its identity,
 * properties, result and where its data files are. Immutable once opened.
 */
public final class PeerDirectory {

    public static final String TEST_PROPERTIES = "test.properties";
    /** Where an inspector peer keeps the files of each system a test named: {@code systems/<name>/}. */
    public static final String SYSTEMS = "systems";

    public static final String SYSTEM_PROPERTIES = "system.properties";
    public static final String PEER_RESULT = PeerResult.FILE_NAME;
    public static final String RATE = RateLog.FILE_NAME;
    public static final String RESPONSE_TIME = "response-time.hlog";
    /** A receiver's silences (epoch µs start and end): not an inspector data set, and not charted as one. */
    public static final String RECEIVE_GAPS = ReceiveGaps.FILE_NAME;

    public static final String SERVICE_TIME = "service-time.hlog";
    public static final String SEND_DELAY = "send-delay.hlog";
    /** Receivers at a fixed rate: inter-arrival jitter J ≥ 0. */
    public static final String JITTER_LATE = "jitter-late.hlog";
    /** Receivers at a fixed rate: −J for inter-arrival jitter J &lt; 0. */
    public static final String JITTER_EARLY = "jitter-early.hlog";

    public static final String AGENT_ACTIONS = AgentActions.FILE_NAME;
    /** A sender's or receiver's own health, a row a second: not an inspector data set. */
    public static final String HEALTH = HealthLog.FILE_NAME;

    private final Path dir;
    private final Map<String, String> testProperties;
    private final Map<String, String> systemProperties;
    private final PeerResult result;
    private final Role role;
    private final List<String> problems;

    private PeerDirectory(
            Path dir,
            Map<String, String> testProperties,
            Map<String, String> systemProperties,
            PeerResult result,
            List<String> problems) {
        this.dir = dir;
        this.testProperties = testProperties;
        this.systemProperties = systemProperties;
        this.result = result;
        this.problems = problems;
        this.role = detectRole();
    }

    /** Opens a peer directory; unreadable files are recorded in {@link #problems()} rather than thrown. */
    public static PeerDirectory open(Path dir) {
        List<String> problems = new ArrayList<>();
        Map<String, String> test = readProperties(dir.resolve(TEST_PROPERTIES), problems);
        Map<String, String> system = readProperties(dir.resolve(SYSTEM_PROPERTIES), problems);
        PeerResult result = null;
        Path resultFile = dir.resolve(PEER_RESULT);
        if (Files.isRegularFile(resultFile)) {
            try {
                result = PeerResult.readTolerantly(resultFile);
                if (result.formatVersion() > PeerResult.FORMAT_VERSION) {
                    problems.add(resultFile + " has format v" + result.formatVersion() + "; this reporter reads v"
                            + PeerResult.FORMAT_VERSION + " and may miss fields");
                }
            } catch (IOException e) {
                problems.add(e.getMessage());
            }
        }
        return new PeerDirectory(dir, test, system, result, problems);
    }

    private static Map<String, String> readProperties(Path file, List<String> problems) {
        if (!Files.isRegularFile(file)) {
            return Map.of();
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            problems.add(file + " could not be read: " + e.getMessage());
        }
        Map<String, String> map = new TreeMap<>();
        properties.stringPropertyNames().forEach(name -> map.put(name, properties.getProperty(name)));
        return Collections.unmodifiableMap(map);
    }

    private Role detectRole() {
        Role declared = Role.parse(testProperties.get("peer.role"));
        if (declared == Role.OTHER && result != null) {
            declared = Role.parse(result.role());
        }
        if (declared != Role.OTHER) {
            return declared;
        }
        String lower = name().toLowerCase(Locale.ROOT);
        for (Role candidate : Role.values()) {
            if (lower.startsWith(candidate.label())) {
                return candidate;
            }
        }
        if (file(SEND_DELAY).isPresent()) {
            return Role.SENDER;
        }
        if (file(RESPONSE_TIME).isPresent() || file(SERVICE_TIME).isPresent()) {
            return Role.RECEIVER;
        }
        if (file(AGENT_ACTIONS).isPresent()) {
            return Role.AGENT;
        }
        return Role.OTHER;
    }

    public Path dir() {
        return dir;
    }

    /** Peer name: peer.name, else the result's peer, else the directory name. */
    public String name() {
        String name = testProperties.get("peer.name");
        if (name == null && result != null) {
            name = result.peer();
        }
        return name == null || name.isBlank() ? dir.getFileName().toString() : name;
    }

    public Role role() {
        return role;
    }

    /** Host: peer.host, else host.name, else what follows '@' in the name, else "". */
    public String host() {
        String host = testProperties.get("peer.host");
        if (host == null) {
            host = systemProperties.get("host.name");
        }
        if (host == null) {
            String name = name();
            int at = name.indexOf('@');
            host = at >= 0 ? name.substring(at + 1) : "";
        }
        return host;
    }

    public Map<String, String> testProperties() {
        return testProperties;
    }

    public Map<String, String> systemProperties() {
        return systemProperties;
    }

    public Optional<PeerResult> result() {
        return Optional.ofNullable(result);
    }

    /** Files that could not be read. */
    public List<String> problems() {
        return problems;
    }

    /** A test.properties value as epoch ms, or 0 when absent or not a number. */
    public long millisProperty(String key) {
        String value = testProperties.get(key);
        if (value == null) {
            return 0;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The file, or its {@code .gz} twin, when either exists. */
    public Optional<Path> file(String name) {
        Path plain = dir.resolve(name);
        if (Files.isRegularFile(plain)) {
            return Optional.of(plain);
        }
        Path gz = dir.resolve(name + ".gz");
        return Files.isRegularFile(gz) ? Optional.of(gz) : Optional.empty();
    }

    /** Inspector data sets: every CSV other than rate.csv, agent-actions.csv, receive-gaps.csv and health.csv. */
    public List<Path> dataSets() throws IOException {
        return dataSetsIn(dir);
    }

    /**
     * The directories of the systems an inspector peer inspected by name ({@code systems/<name>/}), sorted by name;
     * empty for other peers.
     */
    public List<Path> systemDirectories() throws IOException {
        Path systems = dir.resolve(SYSTEMS);
        if (!Files.isDirectory(systems, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(systems)) {
            return entries.filter(p -> Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    /** The inspector data sets of a directory: every CSV other than rate.csv and agent-actions.csv, by name. */
    public static List<Path> dataSetsIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> {
                        String n = f.getFileName().toString();
                        String base = n.endsWith(".gz") ? n.substring(0, n.length() - 3) : n;
                        return base.endsWith(".csv")
                                && !base.equals(RATE)
                                && !base.equals(AGENT_ACTIONS)
                                && !base.equals(RECEIVE_GAPS)
                                && !base.equals(HEALTH)
                                && !base.equals(ConnectionsCsv.FILE_NAME);
                    })
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    /** Data-set name of an inspector CSV: file name without .csv(.gz). */
    public static String dataSetName(Path file) {
        String name = file.getFileName().toString();
        if (name.endsWith(".gz")) {
            name = name.substring(0, name.length() - 3);
        }
        return name.endsWith(".csv") ? name.substring(0, name.length() - 4) : name;
    }
}
