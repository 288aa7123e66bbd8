// C structs joined by pointers, for the block graph tests: the C side builds, checks, compares
// and frees the graphs; the Swift side archives them and rebuilds them.
#ifndef CBLOCKFIXTURES_H
#define CBLOCKFIXTURES_H

#include <stdint.h>

/// A singly linked list node.
typedef struct ListNode {
    int32_t value;
    struct ListNode *next;
} ListNode;

/// A doubly linked list node: every node but the ends is pointed at twice.
typedef struct DListNode {
    struct DListNode *prev;
    int64_t id;
    struct DListNode *next;
    char tag[6];
    uint16_t flags;
} DListNode;

/// A binary tree node with a pointer back to its parent.
typedef struct TreeNode {
    double key;
    struct TreeNode *left;
    struct TreeNode *right;
    struct TreeNode *parent;
    int16_t depth;
    uint8_t color;
} TreeNode;

/// A leaf of the mixed graph: no pointers, aligned to 16 bytes (more than its fields need).
typedef struct __attribute__((aligned(16))) Leaf {
    uint32_t id;
    float weight;
    char label[8];
} Leaf;

/// A branch of the mixed graph: branches form a ring through `next`, point at other branches
/// through `children` and share leaves.
typedef struct Branch {
    int32_t id;
    struct Branch *next;
    struct Branch *children[2];
    struct Leaf *leaf;
    struct Leaf *spare;
} Branch;

/// Every block of a mixed graph, so that C can free it.
typedef struct MixedGraph {
    Branch *root;
    Branch **branches;
    int32_t branchCount;
    Leaf **leaves;
    int32_t leafCount;
} MixedGraph;

/// A list of `count` nodes (NULL for 0) whose values are `value(i) = i * 7 - 3`.
ListNode *block_list_make(int32_t count);
/// Frees a list made by block_list_make.
void block_list_free(ListNode *head);
/// The number of nodes.
int64_t block_list_length(const ListNode *head);
/// The index of the first node at which two lists differ (value or length), or -1 when equal.
int64_t block_list_compare(const ListNode *a, const ListNode *b);

/// A doubly linked list of `count` nodes; returns the head.
DListNode *block_dlist_make(int32_t count);
void block_dlist_free(DListNode *head);
/// The number of nodes when every `next->prev` and `prev->next` is consistent, else -1.
int64_t block_dlist_check(const DListNode *head);

/// A complete binary tree of `levels` levels with parent pointers; returns the root.
TreeNode *block_tree_make(int32_t levels);
void block_tree_free(TreeNode *root);
/// The number of nodes when every child's parent is its parent (and the root's is NULL), else -1.
int64_t block_tree_check(const TreeNode *root);

/// A mixed graph of `branches` branches sharing `leaves` leaves.
MixedGraph block_mixed_make(int32_t branches, int32_t leaves);
void block_mixed_free(MixedGraph *graph);
/// A checksum over the ring of branches from `root`, their children's ids and their leaves.
int64_t block_mixed_checksum(const Branch *root);

#endif
