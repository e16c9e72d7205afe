Creator "igraph 1.0.0 (tests/py/make_foreign.py)"
Version 1
graph
[
  directed 0
  node
  [
    id 0
    name "0,0"
    row 0
    col 0
  ]
  node
  [
    id 1
    name "0,1"
    row 0
    col 1
  ]
  node
  [
    id 2
    name "0,2"
    row 0
    col 2
  ]
  node
  [
    id 3
    name "0,3"
    row 0
    col 3
  ]
  node
  [
    id 4
    name "0,4"
    row 0
    col 4
  ]
  node
  [
    id 5
    name "0,5"
    row 0
    col 5
  ]
  node
  [
    id 6
    name "0,6"
    row 0
    col 6
  ]
  node
  [
    id 7
    name "0,7"
    row 0
    col 7
  ]
  node
  [
    id 8
    name "1,0"
    row 1
    col 0
  ]
  node
  [
    id 9
    name "1,1"
    row 1
    col 1
  ]
  node
  [
    id 10
    name "1,2"
    row 1
    col 2
  ]
  node
  [
    id 11
    name "1,3"
    row 1
    col 3
  ]
  node
  [
    id 12
    name "1,4"
    row 1
    col 4
  ]
  node
  [
    id 13
    name "1,5"
    row 1
    col 5
  ]
  node
  [
    id 14
    name "1,6"
    row 1
    col 6
  ]
  node
  [
    id 15
    name "1,7"
    row 1
    col 7
  ]
  node
  [
    id 16
    name "2,0"
    row 2
    col 0
  ]
  node
  [
    id 17
    name "2,1"
    row 2
    col 1
  ]
  node
  [
    id 18
    name "2,2"
    row 2
    col 2
  ]
  node
  [
    id 19
    name "2,3"
    row 2
    col 3
  ]
  node
  [
    id 20
    name "2,4"
    row 2
    col 4
  ]
  node
  [
    id 21
    name "2,5"
    row 2
    col 5
  ]
  node
  [
    id 22
    name "2,6"
    row 2
    col 6
  ]
  node
  [
    id 23
    name "2,7"
    row 2
    col 7
  ]
  node
  [
    id 24
    name "3,0"
    row 3
    col 0
  ]
  node
  [
    id 25
    name "3,1"
    row 3
    col 1
  ]
  node
  [
    id 26
    name "3,2"
    row 3
    col 2
  ]
  node
  [
    id 27
    name "3,3"
    row 3
    col 3
  ]
  node
  [
    id 28
    name "3,4"
    row 3
    col 4
  ]
  node
  [
    id 29
    name "3,5"
    row 3
    col 5
  ]
  node
  [
    id 30
    name "3,6"
    row 3
    col 6
  ]
  node
  [
    id 31
    name "3,7"
    row 3
    col 7
  ]
  node
  [
    id 32
    name "4,0"
    row 4
    col 0
  ]
  node
  [
    id 33
    name "4,1"
    row 4
    col 1
  ]
  node
  [
    id 34
    name "4,2"
    row 4
    col 2
  ]
  node
  [
    id 35
    name "4,3"
    row 4
    col 3
  ]
  node
  [
    id 36
    name "4,4"
    row 4
    col 4
  ]
  node
  [
    id 37
    name "4,5"
    row 4
    col 5
  ]
  node
  [
    id 38
    name "4,6"
    row 4
    col 6
  ]
  node
  [
    id 39
    name "4,7"
    row 4
    col 7
  ]
  node
  [
    id 40
    name "5,0"
    row 5
    col 0
  ]
  node
  [
    id 41
    name "5,1"
    row 5
    col 1
  ]
  node
  [
    id 42
    name "5,2"
    row 5
    col 2
  ]
  node
  [
    id 43
    name "5,3"
    row 5
    col 3
  ]
  node
  [
    id 44
    name "5,4"
    row 5
    col 4
  ]
  node
  [
    id 45
    name "5,5"
    row 5
    col 5
  ]
  node
  [
    id 46
    name "5,6"
    row 5
    col 6
  ]
  node
  [
    id 47
    name "5,7"
    row 5
    col 7
  ]
  edge
  [
    source 1
    target 0
  ]
  edge
  [
    source 8
    target 0
  ]
  edge
  [
    source 10
    target 2
  ]
  edge
  [
    source 4
    target 3
  ]
  edge
  [
    source 11
    target 3
  ]
  edge
  [
    source 5
    target 4
  ]
  edge
  [
    source 12
    target 4
  ]
  edge
  [
    source 14
    target 6
  ]
  edge
  [
    source 15
    target 7
  ]
  edge
  [
    source 9
    target 8
  ]
  edge
  [
    source 10
    target 9
  ]
  edge
  [
    source 17
    target 9
  ]
  edge
  [
    source 19
    target 11
  ]
  edge
  [
    source 14
    target 13
  ]
  edge
  [
    source 21
    target 13
  ]
  edge
  [
    source 22
    target 14
  ]
  edge
  [
    source 23
    target 15
  ]
  edge
  [
    source 17
    target 16
  ]
  edge
  [
    source 18
    target 17
  ]
  edge
  [
    source 25
    target 17
  ]
  edge
  [
    source 19
    target 18
  ]
  edge
  [
    source 26
    target 18
  ]
  edge
  [
    source 27
    target 19
  ]
  edge
  [
    source 28
    target 20
  ]
  edge
  [
    source 29
    target 21
  ]
  edge
  [
    source 23
    target 22
  ]
  edge
  [
    source 30
    target 22
  ]
  edge
  [
    source 31
    target 23
  ]
  edge
  [
    source 25
    target 24
  ]
  edge
  [
    source 32
    target 24
  ]
  edge
  [
    source 33
    target 25
  ]
  edge
  [
    source 34
    target 26
  ]
  edge
  [
    source 28
    target 27
  ]
  edge
  [
    source 36
    target 28
  ]
  edge
  [
    source 39
    target 31
  ]
  edge
  [
    source 41
    target 33
  ]
  edge
  [
    source 35
    target 34
  ]
  edge
  [
    source 37
    target 36
  ]
  edge
  [
    source 38
    target 37
  ]
  edge
  [
    source 45
    target 37
  ]
  edge
  [
    source 39
    target 38
  ]
  edge
  [
    source 46
    target 38
  ]
  edge
  [
    source 41
    target 40
  ]
  edge
  [
    source 42
    target 41
  ]
  edge
  [
    source 44
    target 43
  ]
  edge
  [
    source 45
    target 44
  ]
  edge
  [
    source 47
    target 46
  ]
]
