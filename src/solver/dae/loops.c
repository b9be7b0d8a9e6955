/* Bridges of a multigraph (Tarjan): an edge lies on a cycle exactly when it
 * is not a bridge. Components coupling more than two bodies become a star of
 * edges; a component whose bodies collapse into one vertex is a self-loop
 * and counts as being on a cycle. Iterative depth-first search, so deep
 * chains do not exhaust the stack. */
#include "loops.h"

#include <stdlib.h>
#include <string.h>

typedef struct edge {
    int a, b;  /* vertices */
    int comp;  /* component it stands for */
} edge;

typedef struct graph {
    int nv, ne;
    edge *edges;
    int *adj_start, *adj; /* incidence lists: edge indices per vertex */
} graph;

static int vertex_of(const mbs_model *m, const int *vertex, int body)
{
    return m->bodies[body].type == MBS_BODY_GROUND ? 0 : vertex[body];
}

static int build_graph(const mbs_model *m, graph *g)
{
    int *vertex = calloc((size_t)m->n_bodies + 1, sizeof *vertex);
    if (!vertex)
        return -1;
    g->nv = 1;
    for (int i = 0; i < m->n_bodies; i++)
        if (m->bodies[i].type != MBS_BODY_GROUND)
            vertex[i] = g->nv++;
    int max_edges = 0;
    for (int c = 0; c < m->n_comps; c++)
        max_edges += m->comps[c].n_bodies + 1;
    g->edges = malloc(((size_t)max_edges + 1) * sizeof *g->edges);
    if (!g->edges) {
        free(vertex);
        return -1;
    }
    g->ne = 0;
    for (int c = 0; c < m->n_comps; c++) {
        const mbs_component *k = &m->comps[c];
        if (k->n_hrows + k->n_vrows == 0 || k->n_bodies == 0)
            continue;
        int hub = vertex_of(m, vertex, k->bodies[0]);
        int added = 0;
        for (int i = 1; i < k->n_bodies; i++) {
            int v = vertex_of(m, vertex, k->bodies[i]);
            if (v != hub) {
                g->edges[g->ne++] = (edge){hub, v, c};
                added++;
            }
        }
        if (!added)
            g->edges[g->ne++] = (edge){hub, hub, c}; /* self-loop */
    }
    free(vertex);
    g->adj_start = calloc((size_t)g->nv + 2, sizeof *g->adj_start);
    g->adj = malloc(((size_t)2 * g->ne + 1) * sizeof *g->adj);
    if (!g->adj_start || !g->adj)
        return -1;
    for (int e = 0; e < g->ne; e++) {
        g->adj_start[g->edges[e].a + 1]++;
        g->adj_start[g->edges[e].b + 1]++;
    }
    for (int v = 0; v < g->nv; v++)
        g->adj_start[v + 1] += g->adj_start[v];
    int *fill = calloc((size_t)g->nv + 1, sizeof *fill);
    if (!fill)
        return -1;
    for (int e = 0; e < g->ne; e++) {
        int a = g->edges[e].a, b = g->edges[e].b;
        g->adj[g->adj_start[a] + fill[a]++] = e;
        g->adj[g->adj_start[b] + fill[b]++] = e;
    }
    free(fill);
    return 0;
}

static void free_graph(graph *g)
{
    free(g->edges);
    free(g->adj_start);
    free(g->adj);
}

/* Marks the bridges; bridge[e] = 1. */
static int find_bridges(const graph *g, char *bridge)
{
    int n = g->nv;
    int *disc = malloc(((size_t)n + 1) * sizeof *disc), *low = malloc(((size_t)n + 1) * sizeof *low);
    int *parent_edge = malloc(((size_t)n + 1) * sizeof *parent_edge), *next = malloc(((size_t)n + 1) * sizeof *next);
    int *stack = malloc(((size_t)n + 1) * sizeof *stack);
    if (!disc || !low || !parent_edge || !next || !stack) {
        free(disc), free(low), free(parent_edge), free(next), free(stack);
        return -1;
    }
    for (int v = 0; v < n; v++)
        disc[v] = -1;
    int time = 0;
    for (int root = 0; root < n; root++) {
        if (disc[root] >= 0)
            continue;
        int top = 0;
        stack[top++] = root;
        disc[root] = low[root] = time++;
        parent_edge[root] = -1;
        next[root] = g->adj_start[root];
        while (top > 0) {
            int v = stack[top - 1];
            if (next[v] < g->adj_start[v + 1]) {
                int e = g->adj[next[v]++];
                if (e == parent_edge[v])
                    continue;
                int w = g->edges[e].a == v ? g->edges[e].b : g->edges[e].a;
                if (disc[w] < 0) {
                    disc[w] = low[w] = time++;
                    parent_edge[w] = e;
                    next[w] = g->adj_start[w];
                    stack[top++] = w;
                } else if (disc[w] < low[v]) {
                    low[v] = disc[w];
                }
                continue;
            }
            top--;
            int e = parent_edge[v];
            if (e >= 0) {
                int u = g->edges[e].a == v ? g->edges[e].b : g->edges[e].a;
                if (low[v] < low[u])
                    low[u] = low[v];
                if (low[v] > disc[u])
                    bridge[e] = 1;
            }
        }
    }
    free(disc), free(low), free(parent_edge), free(next), free(stack);
    return 0;
}

int mbs_loop_of(const mbs_model *m, int comp, char *in_loop)
{
    memset(in_loop, 0, (size_t)m->n_comps);
    graph g;
    memset(&g, 0, sizeof g);
    char *bridge = NULL, *reached = NULL;
    int *stack = NULL, marked = -1;
    if (build_graph(m, &g) != 0 || !(bridge = calloc((size_t)g.ne + 1, 1)) || find_bridges(&g, bridge) != 0 ||
        !(reached = calloc((size_t)g.nv + 1, 1)) || !(stack = malloc(((size_t)g.nv + 1) * sizeof *stack)))
        goto done;
    /* from the vertices of comp's edges on cycles, along edges on cycles */
    int top = 0;
    for (int e = 0; e < g.ne; e++)
        if (g.edges[e].comp == comp && !bridge[e])
            for (int k = 0; k < 2; k++) {
                int v = k ? g.edges[e].b : g.edges[e].a;
                if (!reached[v]) {
                    reached[v] = 1;
                    stack[top++] = v;
                }
            }
    while (top > 0) {
        int v = stack[--top];
        for (int i = g.adj_start[v]; i < g.adj_start[v + 1]; i++) {
            int e = g.adj[i], w = g.edges[e].a == v ? g.edges[e].b : g.edges[e].a;
            if (bridge[e])
                continue;
            in_loop[g.edges[e].comp] = 1;
            if (!reached[w]) {
                reached[w] = 1;
                stack[top++] = w;
            }
        }
    }
    marked = 0;
    for (int c = 0; c < m->n_comps; c++)
        marked += in_loop[c];
done:
    free(bridge);
    free(reached);
    free(stack);
    free_graph(&g);
    return marked;
}

int mbs_loop_components(const mbs_model *m, char *on_loop)
{
    memset(on_loop, 0, (size_t)m->n_comps);
    graph g;
    memset(&g, 0, sizeof g);
    char *bridge = NULL;
    int marked = -1;
    if (build_graph(m, &g) == 0 && (bridge = calloc((size_t)g.ne + 1, 1)) && find_bridges(&g, bridge) == 0) {
        marked = 0;
        for (int e = 0; e < g.ne; e++)
            if (!bridge[e] && !on_loop[g.edges[e].comp]) {
                on_loop[g.edges[e].comp] = 1;
                marked++;
            }
    }
    free(bridge);
    free_graph(&g);
    return marked;
}
