package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.maestro.common.options.OptionCode;
import org.maestro.testing.RequiredServer;

/** Checks docker/compose.yaml without a Docker engine: its structure, and {@code docker compose config} where it exists. */
class ComposeFileTest {
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?}");
    private static final Set<String> MAESTRO_SERVICES = Set.of("sender", "receiver", "inspector", "agent", "client");

    private static Path composeFile;
    private static JsonNode compose;
    private static JsonNode services;

    @BeforeAll
    static void load() throws IOException {
        composeFile = RepositoryFiles.path("docker/compose.yaml");
        compose = YamlFiles.read(composeFile);
        services = compose.get("services");
        assertNotNull(services, "docker/compose.yaml has no services");
    }

    /** A value as compose would see it with no variable set: ${NAME:-default} becomes the default, $$ becomes $. */
    static String withDefaults(String value) {
        Matcher matcher = VARIABLE.matcher(value);
        StringBuilder resolved = new StringBuilder();
        while (matcher.find()) {
            matcher.appendReplacement(
                    resolved, Matcher.quoteReplacement(matcher.group(2) == null ? "" : matcher.group(2)));
        }
        matcher.appendTail(resolved);
        return resolved.toString().replace("$$", "$");
    }

    private static JsonNode service(String name) {
        JsonNode service = services.get(name);
        assertNotNull(service, "docker/compose.yaml has no service " + name);
        return service;
    }

    private static List<String> networksOf(String name) {
        JsonNode networks = service(name).get("networks");
        return networks != null && networks.isObject() ? YamlFiles.fieldNames(networks) : YamlFiles.texts(networks);
    }

    @Test
    void definesTheClusterServices() {
        assertEquals(
                Set.of(
                        "mosquitto",
                        "artemis",
                        "dispatch",
                        "sender",
                        "receiver",
                        "inspector",
                        "agent",
                        "client",
                        "prometheus"),
                new HashSet<>(YamlFiles.fieldNames(services)));
    }

    @Test
    void pinsEveryImageToATag() {
        for (Map.Entry<String, JsonNode> service : YamlFiles.fields(services)) {
            JsonNode image = service.getValue().get("image");
            assertNotNull(image, service.getKey() + " has no image");
            String name = withDefaults(image.asText());
            int slash = name.lastIndexOf('/');
            int colon = name.lastIndexOf(':');
            assertTrue(colon > slash, service.getKey() + ": image " + name + " has no tag");
            assertFalse(name.endsWith(":latest"), service.getKey() + ": image " + name + " is not pinned");
        }
        assertTrue(withDefaults(service("mosquitto").get("image").asText()).startsWith("maestro-mosquitto:"));
        assertTrue(withDefaults(service("artemis").get("image").asText()).startsWith("maestro-artemis:"));
        assertTrue(withDefaults(service("dispatch").get("image").asText()).startsWith("maestro-qdrouterd:"));
        assertTrue(withDefaults(service("prometheus").get("image").asText()).startsWith("maestro-prometheus:"));
    }

    @Test
    void buildsTheSutImagesFromThisRepositoryOnABaseImageGivenAsArgument() throws IOException {
        for (String name : List.of("mosquitto", "artemis", "prometheus")) {
            JsonNode build = service(name).get("build");
            assertNotNull(
                    build, name + " has no build section: a machine without an image registry could not start it");
            Path context = composeFile
                    .getParent()
                    .resolve(build.get("context").asText())
                    .normalize();
            Path dockerfile = context.resolve(build.path("dockerfile").asText("Dockerfile"));
            assertTrue(Files.isRegularFile(dockerfile), name + ": no Dockerfile at " + dockerfile);
            assertTrue(
                    Files.readString(dockerfile).contains("FROM ${BASE_IMAGE}"),
                    dockerfile + " does not build on the BASE_IMAGE argument");
            assertTrue(build.path("args").has("BASE_IMAGE"), name + " passes no BASE_IMAGE");
        }
        // the router's image needs the relocatable build as a second context: docker/build-images.sh builds it
        assertTrue(Files.isRegularFile(composeFile.getParent().resolve("qdrouterd/Dockerfile")));
        assertTrue(RepositoryFiles.read("docker/build-images.sh").contains("maestro-qdrouterd:1.19.0"));
        assertTrue(RepositoryFiles.read("docker/build-images.sh").contains("maestro-prometheus:bookworm"));
        assertTrue(
                RepositoryFiles.read(".ci/run")
                        .contains("docker/build-images.sh base artemis mosquitto qdrouterd prometheus"),
                ".ci/run builds every SUT image and Prometheus's once per run");
    }

    @Test
    void namesTheProjectInDotEnvForBothComposeTools() throws IOException {
        assertFalse(compose.has("name"), "docker-compose 1.29 (the one that works against Podman) refuses 'name'");
        assertTrue(
                Files.readString(composeFile.getParent().resolve(".env"))
                        .lines()
                        .anyMatch("COMPOSE_PROJECT_NAME=maestro"::equals),
                "docker/.env names the project");
    }

    @Test
    void writesExecFormHealthChecksWithoutSpacesInTheirArguments() {
        for (Map.Entry<String, JsonNode> service : YamlFiles.fields(services)) {
            List<String> test =
                    YamlFiles.texts(service.getValue().path("healthcheck").get("test"));
            if (!test.isEmpty() && test.get(0).equals("CMD")) {
                for (String argument : test.subList(1, test.size())) {
                    assertFalse(
                            argument.contains(" "),
                            service.getKey() + ": health check argument '" + argument + "' has a space: Podman's API"
                                    + " splits it into words (write CMD-SHELL or a script in the image)");
                }
            }
        }
    }

    @Test
    void publishesHostPortsOnLoopbackByDefault() {
        for (Map.Entry<String, JsonNode> service : YamlFiles.fields(services)) {
            for (String port : YamlFiles.texts(service.getValue().get("ports"))) {
                assertTrue(withDefaults(port).startsWith("127.0.0.1:"), service.getKey() + " publishes " + port);
            }
        }
    }

    @Test
    void buildsTheMaestroServicesFromTheRepositoryDockerfile() {
        String image = service("sender").get("image").asText();
        for (String name : MAESTRO_SERVICES) {
            JsonNode service = service(name);
            assertEquals(image, service.get("image").asText(), name + " runs another image than the workers");
            JsonNode build = service.get("build");
            assertNotNull(build, name + " has no build section");
            Path context = composeFile
                    .getParent()
                    .resolve(build.get("context").asText())
                    .normalize();
            assertTrue(
                    Files.isRegularFile(context.resolve(build.get("dockerfile").asText())),
                    name + ": no Dockerfile at "
                            + context.resolve(build.get("dockerfile").asText()));
            assertTrue(
                    Files.isRegularFile(context.resolve("pom.xml")),
                    name + ": build context " + context + " is not the repository root");
        }
    }

    @Test
    void separatesTheControlNetworkFromTheSutNetwork() {
        assertEquals(Set.of("control", "sut"), new HashSet<>(YamlFiles.fieldNames(compose.get("networks"))));
        assertEquals(List.of("control"), networksOf("mosquitto"));
        assertEquals(List.of("control"), networksOf("client"), "the client talks to the control broker only");
        assertEquals(List.of("sut"), networksOf("dispatch"));
        for (String peer : List.of("sender", "receiver", "inspector")) {
            assertEquals(Set.of("control", "sut"), new HashSet<>(networksOf(peer)), peer + " needs both networks");
        }
        assertTrue(networksOf("artemis").contains("sut"));
        for (Map.Entry<String, JsonNode> service : YamlFiles.fields(services)) {
            for (String network : networksOf(service.getKey())) {
                assertTrue(
                        compose.get("networks").has(network), service.getKey() + " uses undeclared network " + network);
            }
        }
    }

    @Test
    void placesTheAgentInTheSutsNamespacesAndGivesItNetworkRights() {
        JsonNode agent = service("agent");
        assertEquals("service:artemis", agent.get("network_mode").asText());
        assertEquals("service:artemis", agent.get("pid").asText());
        assertFalse(agent.has("networks"), "a service in another's network namespace cannot join networks");
        assertTrue(YamlFiles.texts(agent.get("cap_add")).contains("NET_ADMIN"));
        assertTrue(
                networksOf("artemis").contains("control"),
                "the agent reaches the control broker through the SUT's network namespace");
    }

    @Test
    void keepsTheOptionalRouterAndTheClientUnderProfiles() {
        assertEquals(List.of("dispatch"), YamlFiles.texts(service("dispatch").get("profiles")));
        assertEquals(List.of("test"), YamlFiles.texts(service("client").get("profiles")));
        assertEquals(List.of("metrics"), YamlFiles.texts(service("prometheus").get("profiles")));
        for (String always : List.of("mosquitto", "artemis", "sender", "receiver", "inspector", "agent")) {
            assertFalse(service(always).has("profiles"), always + " must start with a plain 'docker compose up'");
        }
    }

    @Test
    void leavesTheWorkersScalable() {
        for (String worker : List.of("sender", "receiver")) {
            JsonNode service = service(worker);
            assertFalse(service.has("container_name"), worker + " has a fixed container_name: --scale would fail");
            assertFalse(service.has("hostname"), worker + " has a fixed hostname: scaled peers would share a name");
            assertFalse(service.has("ports"), worker + " publishes host ports: --scale would collide on them");
        }
    }

    @Test
    void mountsNoFolderOnThePeersWhoseResultsTravelOverTheControlBroker() {
        for (String peer : List.of("sender", "receiver", "inspector", "agent")) {
            assertFalse(
                    service(peer).has("volumes"),
                    peer + " mounts " + service(peer).get("volumes") + ": its results must reach the client over the"
                            + " control broker, as from another host, not through a shared folder");
        }
    }

    @Test
    void letsPrometheusScrapeTheClientsLiveMetricsOnTheControlNetwork() throws IOException {
        List<String> command = YamlFiles.texts(service("client").get("command"));
        String port = command.get(command.indexOf("--metrics-port") + 1);
        assertEquals(
                "0.0.0.0", command.get(command.indexOf("--metrics-host") + 1), "served on the container's networks");
        JsonNode scrape = YamlFiles.read(composeFile.getParent().resolve("prometheus/prometheus.yml"))
                .path("scrape_configs")
                .path(0);
        assertEquals(
                List.of("client:" + port),
                YamlFiles.texts(scrape.path("static_configs").path(0).get("targets")),
                "docker/prometheus/prometheus.yml scrapes the client service on its --metrics-port");
        assertTrue(networksOf("prometheus").contains("control")
                && networksOf("client").contains("control"));
        List<String> mounts = YamlFiles.texts(service("prometheus").get("volumes"));
        assertTrue(
                mounts.contains("./prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro"),
                "the scrape configuration of this folder: " + mounts);
    }

    @Test
    void ordersStartupOnHealthchecksOfServicesThatExist() {
        for (Map.Entry<String, JsonNode> service : YamlFiles.fields(services)) {
            JsonNode dependsOn = service.getValue().get("depends_on");
            List<String> targets = dependsOn == null
                    ? List.of()
                    : dependsOn.isObject() ? YamlFiles.fieldNames(dependsOn) : YamlFiles.texts(dependsOn);
            for (String target : targets) {
                assertTrue(services.has(target), service.getKey() + " depends on unknown service " + target);
                String condition = dependsOn.isObject()
                        ? dependsOn.get(target).path("condition").asText("")
                        : "";
                assertTrue(
                        Set.of("service_started", "service_healthy", "service_completed_successfully")
                                .contains(condition),
                        service.getKey() + " -> " + target + ": condition '" + condition + "'");
                if (condition.equals("service_healthy")) {
                    JsonNode test = services.get(target).path("healthcheck").path("test");
                    assertFalse(
                            test.isMissingNode() || test.isEmpty(),
                            service.getKey() + " waits for " + target + " to be healthy, but " + target
                                    + " has no healthcheck");
                }
            }
        }
        assertNoDependencyCycle();
        List<String> clientWaitsFor = YamlFiles.fieldNames(service("client").get("depends_on"));
        assertTrue(
                clientWaitsFor.containsAll(List.of("mosquitto", "sender", "receiver", "inspector", "agent")),
                "the client must start after the peers: it looks for them once, at the start of each test");
    }

    private static void assertNoDependencyCycle() {
        for (String start : YamlFiles.fieldNames(services)) {
            List<String> stack = new ArrayList<>(List.of(start));
            Set<String> seen = new HashSet<>();
            while (!stack.isEmpty()) {
                String current = stack.remove(stack.size() - 1);
                JsonNode dependsOn = services.path(current).get("depends_on");
                for (String target : dependsOn == null ? List.<String>of() : YamlFiles.fieldNames(dependsOn)) {
                    if (target.equals(start)) {
                        fail("depends_on cycle through " + start);
                    }
                    if (seen.add(target)) {
                        stack.add(target);
                    }
                }
            }
        }
    }

    @Test
    void mountsFilesThatExist() throws IOException {
        for (Map.Entry<String, JsonNode> service : YamlFiles.fields(services)) {
            for (String volume : YamlFiles.texts(service.getValue().get("volumes"))) {
                String source = withDefaults(volume).split(":")[0];
                assertTrue(
                        source.startsWith(".") || source.startsWith("/"),
                        service.getKey() + ": " + volume
                                + " is a named volume; the example uses folders of the repository");
                Path onHost = composeFile.getParent().resolve(source).normalize();
                assertTrue(Files.exists(onHost), service.getKey() + " mounts " + onHost + ", which does not exist");
            }
        }
        String mosquittoConf = Files.readString(composeFile.getParent().resolve("mosquitto/mosquitto.conf"));
        assertTrue(mosquittoConf.contains("listener 1883"), "mosquitto must listen on 1883 for the peers");
        assertTrue(mosquittoConf.contains("allow_anonymous true"), "the peers connect anonymously");
    }

    @Test
    void runsAScriptThatExistsInTheMountedFolder() {
        JsonNode client = service("client");
        List<String> command = YamlFiles.texts(client.get("command")).stream()
                .map(ComposeFileTest::withDefaults)
                .toList();
        assertEquals("run", command.get(0));
        String script = command.get(1);
        String hostScript = null;
        for (String volume : YamlFiles.texts(client.get("volumes"))) {
            String[] parts = withDefaults(volume).split(":");
            if (script.startsWith(parts[1] + "/")) {
                hostScript = parts[0] + script.substring(parts[1].length());
            }
        }
        assertNotNull(hostScript, "the client's script " + script + " is in no mounted folder");
        Path onHost = composeFile.getParent().resolve(hostScript).normalize();
        assertTrue(
                Files.isRegularFile(onHost), "the client runs " + script + " = " + onHost + ", which does not exist");
        int results = command.indexOf("--results");
        assertTrue(results > 0, "the client names no results folder");
        String resultsDir = command.get(results + 1);
        assertTrue(
                YamlFiles.texts(client.get("volumes")).stream()
                        .anyMatch(v -> withDefaults(v).split(":")[1].equals(resultsDir)),
                "the results folder " + resultsDir + " is not mounted from the host");
    }

    @Test
    void givesThePeersCommandsThatMaestroCliAccepts() {
        for (String name : MAESTRO_SERVICES) {
            List<String> command = YamlFiles.texts(service(name).get("command")).stream()
                    .map(ComposeFileTest::withDefaults)
                    .toList();
            CliModel.parse(command, "docker/compose.yaml service " + name);
        }
        assertEquals(
                List.of("worker", "--role", "sender"),
                YamlFiles.texts(service("sender").get("command")));
        assertEquals(
                List.of("worker", "--role", "receiver"),
                YamlFiles.texts(service("receiver").get("command")));
    }

    @Test
    void pointsEveryPeerAtTheMosquittoServiceAndPassesOnlyKnownTestParameters() {
        for (String name : MAESTRO_SERVICES) {
            JsonNode environment = service(name).get("environment");
            assertEquals(
                    "mqtt://mosquitto:1883", environment.path("MAESTRO_BROKER").asText(), name);
            for (String variable : YamlFiles.fieldNames(environment)) {
                assertTrue(
                        variable.startsWith("MAESTRO_")
                                || OptionCode.ofParameter(variable).isPresent(),
                        name + ": " + variable + " is neither a MAESTRO_ setting nor a test parameter");
            }
        }
        JsonNode client = service("client").get("environment");
        assertEquals(
                "amqp://artemis:5672/test.queue",
                withDefaults(client.get("SEND_RECEIVE_URL").asText()));
        assertTrue(withDefaults(client.get("MANAGEMENT_INTERFACE").asText()).endsWith("@artemis:8161/console/jolokia"));
    }

    @Test
    void isAcceptedByDockerComposeConfigWhereComposeIsInstalled() throws Exception {
        Path docker = composeFile.getParent();
        CommandRun.Result version = CommandRun.onPath("docker")
                ? CommandRun.of(List.of("docker", "compose", "version"), docker, Map.of())
                        .run(Duration.ofSeconds(30))
                : null;
        CommandRun.Result config;
        if (version != null && version.exitCode() == 0) {
            config = CommandRun.of(
                            List.of(
                                    "docker",
                                    "compose",
                                    "-f",
                                    composeFile.toString(),
                                    "--profile",
                                    "dispatch",
                                    "--profile",
                                    "test",
                                    "--profile",
                                    "metrics",
                                    "config",
                                    "--quiet"),
                            docker,
                            Map.of())
                    .run(Duration.ofSeconds(60));
        } else if (CommandRun.onPath("docker-compose")) {
            config = CommandRun.of(
                            List.of(
                                    "docker-compose",
                                    "-f",
                                    composeFile.toString(),
                                    "--profile",
                                    "dispatch",
                                    "--profile",
                                    "test",
                                    "--profile",
                                    "metrics",
                                    "config",
                                    "--quiet"),
                            docker,
                            Map.of())
                    .run(Duration.ofSeconds(60));
        } else {
            throw RequiredServer.missing(
                    "neither 'docker compose' nor 'docker-compose' is installed",
                    "apt-get install -y docker-compose (.ci/run installs it under CI)");
        }
        assertEquals(0, config.exitCode(), config.toString());
    }
}
