#include "CBlockFixtures.h"

#include <stdlib.h>
#include <string.h>

static void *zeroed(size_t alignment, size_t size) {
    // aligned_alloc wants a size that is a multiple of the alignment.
    size_t rounded = (size + alignment - 1) / alignment * alignment;
    void *block = aligned_alloc(alignment, rounded);
    if (block == NULL) abort();
    memset(block, 0, rounded);
    return block;
}

ListNode *block_list_make(int32_t count) {
    ListNode *head = NULL;
    for (int32_t i = count - 1; i >= 0; i--) {
        ListNode *node = zeroed(_Alignof(ListNode), sizeof(ListNode));
        node->value = i * 7 - 3;
        node->next = head;
        head = node;
    }
    return head;
}

void block_list_free(ListNode *head) {
    while (head != NULL) {
        ListNode *next = head->next;
        free(head);
        head = next;
    }
}

int64_t block_list_length(const ListNode *head) {
    int64_t count = 0;
    for (; head != NULL; head = head->next) count++;
    return count;
}

int64_t block_list_compare(const ListNode *a, const ListNode *b) {
    int64_t index = 0;
    while (a != NULL && b != NULL) {
        if (a->value != b->value) return index;
        a = a->next;
        b = b->next;
        index++;
    }
    return (a == NULL && b == NULL) ? -1 : index;
}

DListNode *block_dlist_make(int32_t count) {
    DListNode *head = NULL, *tail = NULL;
    for (int32_t i = 0; i < count; i++) {
        DListNode *node = zeroed(_Alignof(DListNode), sizeof(DListNode));
        node->id = (int64_t)i * 1000003 - 77;
        node->flags = (uint16_t)(0xA500 + i);
        memcpy(node->tag, "dnode", 5);
        node->tag[5] = (char)('a' + i % 26);
        node->prev = tail;
        if (tail != NULL) tail->next = node; else head = node;
        tail = node;
    }
    return head;
}

void block_dlist_free(DListNode *head) {
    while (head != NULL) {
        DListNode *next = head->next;
        free(head);
        head = next;
    }
}

int64_t block_dlist_check(const DListNode *head) {
    if (head == NULL) return 0;
    if (head->prev != NULL) return -1;
    int64_t count = 0;
    for (const DListNode *node = head; node != NULL; node = node->next) {
        if (node->next != NULL && node->next->prev != node) return -1;
        count++;
    }
    return count;
}

static TreeNode *tree_make(int32_t levels, int32_t depth, TreeNode *parent, double *next) {
    if (depth >= levels) return NULL;
    TreeNode *node = zeroed(_Alignof(TreeNode), sizeof(TreeNode));
    node->parent = parent;
    node->depth = (int16_t)depth;
    node->left = tree_make(levels, depth + 1, node, next);
    node->key = *next;
    *next += 1.25;
    node->color = (uint8_t)(depth % 2);
    node->right = tree_make(levels, depth + 1, node, next);
    return node;
}

TreeNode *block_tree_make(int32_t levels) {
    double next = -10.5;
    return tree_make(levels, 0, NULL, &next);
}

void block_tree_free(TreeNode *root) {
    if (root == NULL) return;
    block_tree_free(root->left);
    block_tree_free(root->right);
    free(root);
}

static int64_t tree_check(const TreeNode *node, const TreeNode *parent) {
    if (node == NULL) return 0;
    if (node->parent != parent) return -1;
    int64_t left = tree_check(node->left, node);
    int64_t right = tree_check(node->right, node);
    if (left < 0 || right < 0) return -1;
    return left + right + 1;
}

int64_t block_tree_check(const TreeNode *root) { return tree_check(root, NULL); }

MixedGraph block_mixed_make(int32_t branches, int32_t leaves) {
    MixedGraph graph = {0};
    graph.branchCount = branches;
    graph.leafCount = leaves;
    graph.branches = calloc((size_t)(branches > 0 ? branches : 1), sizeof(Branch *));
    graph.leaves = calloc((size_t)(leaves > 0 ? leaves : 1), sizeof(Leaf *));
    if (graph.branches == NULL || graph.leaves == NULL) abort();
    for (int32_t i = 0; i < leaves; i++) {
        Leaf *leaf = zeroed(_Alignof(Leaf), sizeof(Leaf));
        leaf->id = 0xC0DE0000u + (uint32_t)i;
        leaf->weight = 0.5f + (float)i * 1.5f;
        memcpy(leaf->label, "leaf", 4);
        leaf->label[4] = (char)('0' + i % 10);
        graph.leaves[i] = leaf;
    }
    for (int32_t i = 0; i < branches; i++) {
        Branch *branch = zeroed(_Alignof(Branch), sizeof(Branch));
        branch->id = 100 + i;
        graph.branches[i] = branch;
    }
    for (int32_t i = 0; i < branches; i++) {
        Branch *branch = graph.branches[i];
        branch->next = graph.branches[(i + 1) % branches];
        branch->children[0] = (2 * i + 1 < branches) ? graph.branches[2 * i + 1] : NULL;
        branch->children[1] = (i % 3 == 0) ? branch : graph.branches[(i * 5 + 2) % branches];
        if (leaves > 0) {
            branch->leaf = graph.leaves[i % leaves];
            branch->spare = (i % 2 == 0) ? graph.leaves[(i + 1) % leaves] : NULL;
        }
    }
    graph.root = branches > 0 ? graph.branches[0] : NULL;
    return graph;
}

void block_mixed_free(MixedGraph *graph) {
    for (int32_t i = 0; i < graph->branchCount; i++) free(graph->branches[i]);
    for (int32_t i = 0; i < graph->leafCount; i++) free(graph->leaves[i]);
    free(graph->branches);
    free(graph->leaves);
    memset(graph, 0, sizeof(*graph));
}

int64_t block_mixed_checksum(const Branch *root) {
    if (root == NULL) return 0;
    uint64_t sum = 0;  // unsigned: wraps instead of overflowing
    const Branch *branch = root;
    do {
        sum = sum * 31 + (uint64_t)branch->id;
        for (int i = 0; i < 2; i++) {
            if (branch->children[i] != NULL) sum = sum * 17 + (uint64_t)branch->children[i]->id;
        }
        if (branch->leaf != NULL) sum = sum * 13 + branch->leaf->id + (uint64_t)(branch->leaf->weight * 4);
        if (branch->spare != NULL) sum = sum * 11 + branch->spare->id;
        branch = branch->next;
    } while (branch != root && branch != NULL);
    return (int64_t)sum;
}
