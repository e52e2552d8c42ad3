package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import groovy.lang.GroovyShell;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Checks the Kubernetes manifests of docker/kubernetes/ without a cluster: references, labels, images, commands. */
class KubernetesManifestsTest {
    private static final Set<String> WORKLOADS = Set.of("Deployment", "StatefulSet", "DaemonSet", "Job");

    private static KubernetesManifests manifests;
    private static Path directory;
    private static List<JsonNode> objects;

    @BeforeAll
    static void load() throws IOException {
        directory = RepositoryFiles.path("docker/kubernetes");
        manifests = KubernetesManifests.load(directory);
        objects = manifests.objects();
    }

    private static JsonNode kustomization() {
        return manifests.kustomization();
    }

    private static List<JsonNode> ofKind(String kind) {
        return manifests.ofKind(kind);
    }

    private static Set<String> namesOf(String kind) {
        Set<String> names = new HashSet<>();
        ofKind(kind).forEach(o -> names.add(KubernetesManifests.nameOf(o)));
        return names;
    }

    private static JsonNode named(String kind, String name) {
        return manifests.named(kind, name);
    }

    /** The pod templates of the workloads, by workload name. */
    private static Map<String, JsonNode> podTemplates() {
        Map<String, JsonNode> templates = new java.util.LinkedHashMap<>();
        for (JsonNode object : objects) {
            if (WORKLOADS.contains(object.path("kind").asText())) {
                templates.put(
                        object.path("kind").asText() + "/"
                                + object.path("metadata").path("name").asText(),
                        object.path("spec").path("template"));
            }
        }
        return templates;
    }

    private static List<JsonNode> containers(JsonNode template) {
        return KubernetesManifests.containers(template);
    }

    private static boolean selects(JsonNode selector, JsonNode labels) {
        return KubernetesManifests.selects(selector, labels);
    }

    @Test
    void listsEveryManifestInTheKustomization() throws IOException {
        Set<String> files = new HashSet<>();
        try (Stream<Path> list = Files.list(directory)) {
            list.map(p -> p.getFileName().toString())
                    .filter(f -> f.endsWith(".yaml") && !f.equals("kustomization.yaml"))
                    .forEach(files::add);
        }
        assertEquals(files, new HashSet<>(YamlFiles.texts(kustomization().get("resources"))));
        for (JsonNode object : objects) {
            assertFalse(object.path("apiVersion").asText().isEmpty(), "an object without apiVersion: " + object);
            assertFalse(object.path("metadata").path("name").asText().isEmpty(), "an object without name: " + object);
        }
    }

    @Test
    void defineTheClusterParts() {
        assertTrue(namesOf("Deployment")
                .containsAll(Set.of("mosquitto", "artemis", "maestro-sender", "maestro-receiver")));
        assertTrue(namesOf("Service").containsAll(Set.of("mosquitto", "artemis")));
        assertEquals(Set.of("maestro-client"), namesOf("Job"));
        assertTrue(named("Deployment", "maestro-sender")
                        .path("spec")
                        .path("replicas")
                        .asInt()
                >= 1);
        assertTrue(named("Deployment", "maestro-receiver")
                        .path("spec")
                        .path("replicas")
                        .asInt()
                >= 1);
        Set<String> sidecars = new HashSet<>();
        containers(named("Deployment", "artemis").path("spec").path("template"))
                .forEach(c -> sidecars.add(c.path("name").asText()));
        assertEquals(Set.of("artemis", "inspector", "agent"), sidecars);
    }

    @Test
    void matchesEveryServiceSelectorAndTargetPortWithAPodTemplate() {
        for (JsonNode service : ofKind("Service")) {
            String name = service.path("metadata").path("name").asText();
            JsonNode selector = service.path("spec").path("selector");
            List<JsonNode> selected = podTemplates().values().stream()
                    .filter(t -> selects(selector, t.path("metadata").path("labels")))
                    .toList();
            assertFalse(selected.isEmpty(), "Service " + name + " selects no pod template (selector " + selector + ")");
            for (JsonNode port : service.path("spec").path("ports")) {
                String target = port.path("targetPort").asText(port.path("port").asText());
                boolean found = selected.stream()
                        .flatMap(t -> containers(t).stream())
                        .flatMap(c -> {
                            List<JsonNode> ports = new ArrayList<>();
                            c.path("ports").forEach(ports::add);
                            return ports.stream();
                        })
                        .anyMatch(p -> p.path("name").asText().equals(target)
                                || p.path("containerPort").asText().equals(target));
                assertTrue(found, "Service " + name + " targets port " + target + ", which no selected container has");
            }
        }
        for (JsonNode workload : objects) {
            if (WORKLOADS.contains(workload.path("kind").asText())
                    && !workload.path("kind").asText().equals("Job")) {
                assertTrue(
                        selects(
                                workload.path("spec").path("selector").path("matchLabels"),
                                workload.path("spec")
                                        .path("template")
                                        .path("metadata")
                                        .path("labels")),
                        workload.path("metadata").path("name").asText() + ": selector does not match its own pods");
            }
        }
    }

    @Test
    void referencesOnlyConfigMapsSecretsAndClaimsThatExist() {
        Set<String> configMaps = namesOf("ConfigMap");
        Set<String> secrets = namesOf("Secret");
        Set<String> claims = namesOf("PersistentVolumeClaim");
        for (Map.Entry<String, JsonNode> template : podTemplates().entrySet()) {
            for (JsonNode volume : template.getValue().path("spec").path("volumes")) {
                if (volume.has("configMap")) {
                    assertTrue(
                            configMaps.contains(
                                    volume.path("configMap").path("name").asText()),
                            template.getKey() + ": " + volume);
                }
                if (volume.has("secret")) {
                    assertTrue(
                            secrets.contains(
                                    volume.path("secret").path("secretName").asText()),
                            template.getKey() + ": " + volume);
                }
                if (volume.has("persistentVolumeClaim")) {
                    assertTrue(
                            claims.contains(volume.path("persistentVolumeClaim")
                                    .path("claimName")
                                    .asText()),
                            template.getKey() + ": " + volume);
                }
            }
            for (JsonNode container : containers(template.getValue())) {
                for (JsonNode from : container.path("envFrom")) {
                    if (from.has("configMapRef")) {
                        assertTrue(
                                configMaps.contains(
                                        from.path("configMapRef").path("name").asText()),
                                template.getKey() + ": " + from);
                    }
                }
                for (JsonNode env : container.path("env")) {
                    JsonNode configMapKey = env.path("valueFrom").path("configMapKeyRef");
                    if (!configMapKey.isMissingNode()) {
                        assertTrue(
                                configMaps.contains(configMapKey.path("name").asText()),
                                template.getKey() + ": " + env);
                    }
                    JsonNode secretKey = env.path("valueFrom").path("secretKeyRef");
                    if (!secretKey.isMissingNode()) {
                        JsonNode secret = named("Secret", secretKey.path("name").asText());
                        String key = secretKey.path("key").asText();
                        assertTrue(
                                secret.path("stringData").has(key)
                                        || secret.path("data").has(key),
                                template.getKey() + ": secret "
                                        + secretKey.path("name").asText() + " has no key " + key);
                    }
                }
                for (JsonNode mount : container.path("volumeMounts")) {
                    String volume = mount.path("name").asText();
                    boolean declared = false;
                    for (JsonNode v : template.getValue().path("spec").path("volumes")) {
                        declared |= v.path("name").asText().equals(volume);
                    }
                    assertTrue(declared, template.getKey() + ": mounts undeclared volume " + volume);
                }
            }
        }
    }

    @Test
    void pinsEveryImageToATag() {
        Set<String> overridden = new HashSet<>();
        kustomization().path("images").forEach(i -> {
            overridden.add(i.path("name").asText());
            assertFalse(i.path("newTag").asText().isEmpty()
                    || i.path("newTag").asText().equals("latest"));
        });
        for (Map.Entry<String, JsonNode> template : podTemplates().entrySet()) {
            for (JsonNode container : containers(template.getValue())) {
                String image = container.path("image").asText();
                int colon = image.lastIndexOf(':');
                assertTrue(colon > image.lastIndexOf('/'), template.getKey() + ": image " + image + " has no tag");
                assertFalse(image.endsWith(":latest"), template.getKey() + ": image " + image + " is not pinned");
                // the project's images reach a cluster through its own registry: newName in kustomization.yaml
                assertTrue(
                        overridden.contains(image.substring(0, colon)),
                        template.getKey() + ": the image " + image + " must be renamable in kustomization.yaml");
            }
        }
    }

    @Test
    void namesTheImagesTheComposeClusterRuns() throws IOException {
        // the images docker/build-images.sh builds, as docker/compose.yaml names them by default
        Set<String> composeImages = new HashSet<>();
        for (Map.Entry<String, JsonNode> service : YamlFiles.fields(
                YamlFiles.read(RepositoryFiles.path("docker/compose.yaml")).path("services"))) {
            composeImages.add(ComposeFileTest.withDefaults(
                    service.getValue().path("image").asText()));
        }
        for (Map.Entry<String, JsonNode> template : podTemplates().entrySet()) {
            for (JsonNode container : containers(template.getValue())) {
                String image = container.path("image").asText();
                assertTrue(
                        composeImages.contains(image),
                        template.getKey() + ": " + image + " is none of the images of docker/compose.yaml "
                                + composeImages);
            }
        }
    }

    @Test
    void pointsEveryMaestroContainerAtTheMosquittoService() {
        int checked = 0;
        for (Map.Entry<String, JsonNode> template : podTemplates().entrySet()) {
            for (JsonNode container : containers(template.getValue())) {
                if (!container.path("image").asText().startsWith("maestro:")) {
                    continue;
                }
                String broker = null;
                for (JsonNode env : container.path("env")) {
                    if (env.path("name").asText().equals("MAESTRO_BROKER")) {
                        broker = env.path("value").asText();
                    }
                }
                assertNotNull(
                        broker, template.getKey() + "/" + container.path("name").asText() + " has no MAESTRO_BROKER");
                URI uri = URI.create(broker);
                assertEquals("mqtt", uri.getScheme(), broker);
                JsonNode service = named("Service", uri.getHost());
                boolean port = false;
                for (JsonNode p : service.path("spec").path("ports")) {
                    port |= p.path("port").asInt() == uri.getPort();
                }
                assertTrue(port, "Service " + uri.getHost() + " has no port " + uri.getPort());
                JsonNode mosquittoPods =
                        named("Deployment", "mosquitto").path("spec").path("template");
                assertTrue(
                        selects(
                                service.path("spec").path("selector"),
                                mosquittoPods.path("metadata").path("labels")),
                        "MAESTRO_BROKER " + broker + " is not the Service of the mosquitto pods");
                checked++;
            }
        }
        assertTrue(checked >= 6, "expected the workers, sidecars and client to run maestro, found " + checked);
    }

    @Test
    void givesMaestroContainersArgumentsThatMaestroCliAccepts() {
        for (Map.Entry<String, JsonNode> template : podTemplates().entrySet()) {
            for (JsonNode container : containers(template.getValue())) {
                if (container.path("image").asText().startsWith("maestro:") && !container.has("command")) {
                    CliModel.parse(YamlFiles.texts(container.path("args")), template.getKey());
                }
            }
        }
    }

    @Test
    void mountsAScriptThatCompilesAndResultsOnAVolume() {
        JsonNode job = named("Job", "maestro-client").path("spec").path("template");
        JsonNode client = containers(job).stream()
                .filter(c -> c.path("name").asText().equals("client"))
                .findFirst()
                .orElseThrow();
        List<String> args = YamlFiles.texts(client.path("args"));
        String script = args.get(1);
        String resultsDir = args.get(args.indexOf("--results") + 1);
        String scriptVolume = null;
        String resultsVolume = null;
        for (JsonNode mount : client.path("volumeMounts")) {
            if (script.startsWith(mount.path("mountPath").asText() + "/")) {
                scriptVolume = mount.path("name").asText();
            }
            if (resultsDir.equals(mount.path("mountPath").asText())) {
                resultsVolume = mount.path("name").asText();
            }
        }
        assertNotNull(scriptVolume, "the script " + script + " is on no mounted volume");
        assertNotNull(resultsVolume, "the results folder " + resultsDir + " is on no mounted volume");
        String configMap = null;
        for (JsonNode volume : job.path("spec").path("volumes")) {
            if (volume.path("name").asText().equals(scriptVolume)) {
                configMap = volume.path("configMap").path("name").asText();
            }
            if (volume.path("name").asText().equals(resultsVolume)) {
                assertTrue(volume.has("persistentVolumeClaim"), "results must outlive the pod: " + volume);
            }
        }
        String key = script.substring(script.lastIndexOf('/') + 1);
        String source = named("ConfigMap", configMap).path("data").path(key).asText(null);
        assertNotNull(source, "ConfigMap " + configMap + " has no key " + key);
        new GroovyShell().parse(source, key);
    }

    @Test
    void buildsWithKubectlKustomizeWhereKubectlIsInstalled() throws Exception {
        Assumptions.assumeTrue(CommandRun.onPath("kubectl"), "kubectl is not installed");
        CommandRun.Result result = CommandRun.of(
                        List.of("kubectl", "kustomize", directory.toString()), directory, Map.of())
                .run(Duration.ofSeconds(60));
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.output().contains("namespace: maestro"), result.output());
        assertEquals(objects.size(), result.output().split("(?m)^kind: ").length - 1, "objects in the built manifest");
    }
}
