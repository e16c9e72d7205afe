graph [
  node [ id 0 ]
]
graph [
  node [ id 1 ]
]
